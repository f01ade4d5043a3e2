import "@/features/comics/texts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import type { TComicListItem } from "@vt/shared/contracts/comics";
import { BookTextIcon, SearchXIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Page } from "@/components/page";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { SearchInput } from "@/components/ui/search-input";
import { useComics } from "@/features/comics/api/get-comics";
import { AllComicsList } from "@/features/comics/components/all-comics-list";
import { ComicsTableSkeleton } from "@/features/comics/components/comics-table";
import { PermissionRequestDialog } from "@/features/comics/components/permission-request-dialog";
import { useTeams } from "@/features/teams/api/get-teams";

const route = getRouteApi("/app/comics/request");
const PAGE_SIZE = 24;

/** /comics/request: every comic of the platform; choosing one my team cannot upload to asks for permission. */
export function ComicRequestPage() {
  const { t } = useTranslation();
  const { page = 1, search } = route.useSearch();
  const navigate = useNavigate();
  const comics = useComics({ scope: "all", page, limit: PAGE_SIZE, search });
  const teams = useTeams({ page: 1, limit: 100 });
  const myTeams = (teams.data?.teams ?? []).map(({ id, name }) => ({ id, name }));
  const [asking, setAsking] = useState<TComicListItem | null>(null);
  const list = comics.data?.comics ?? [];

  const setSearch = useCallback(
    (value: string) => void navigate({ to: "/comics/request", search: { search: value || undefined } }),
    [navigate],
  );

  return (
    <Page>
      <PageHeader title={t("pages.comicRequest.title")} description={t("pages.comicRequest.description")} />
      <SearchInput
        value={search ?? ""}
        onSearch={setSearch}
        label={t("comics.request.searchLabel")}
        placeholder={t("comics.list.searchPlaceholder")}
      />
      {teams.data && myTeams.length === 0 && (
        <p className="rounded-lg border border-dashed px-3 py-2 text-muted-foreground text-sm">
          {t("comics.request.noTeamDescription")}
        </p>
      )}
      <QueryState query={comics} loading={<ComicsTableSkeleton />}>
        {() =>
          list.length === 0 ? (
            search ? (
              <EmptyState
                icon={SearchXIcon}
                title={t("comics.list.noResultsTitle")}
                description={t("comics.list.noResultsDescription")}
              >
                <Button variant="outline" onClick={() => setSearch("")}>
                  {t("comics.list.clearFilters")}
                </Button>
              </EmptyState>
            ) : (
              <EmptyState
                icon={BookTextIcon}
                title={t("pages.comicRequest.emptyTitle")}
                description={t("pages.comicRequest.emptyDescription")}
              />
            )
          ) : (
            <>
              <AllComicsList
                comics={list}
                busy={comics.isPlaceholderData}
                onAsk={(comic) => (myTeams.length > 0 ? setAsking(comic) : undefined)}
              />
              <Pagination
                page={page}
                totalPages={comics.data?.totalPages ?? 1}
                onPageChange={(next) =>
                  void navigate({
                    to: "/comics/request",
                    search: { search, page: next > 1 ? next : undefined },
                  })
                }
              />
            </>
          )
        }
      </QueryState>
      {myTeams.length > 0 && (
        <PermissionRequestDialog
          comic={asking}
          teams={myTeams}
          onOpenChange={(open) => !open && setAsking(null)}
        />
      )}
    </Page>
  );
}
