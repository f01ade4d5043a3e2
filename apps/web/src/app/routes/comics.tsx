import "@/features/comics/texts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { BookKeyIcon, BookPlusIcon, BookTextIcon, SearchXIcon } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { LinkButton } from "@/components/link-button";
import { Page } from "@/components/page";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { useComics } from "@/features/comics/api/get-comics";
import { type ComicListSearch, myComicsParams } from "@/features/comics/comics-search";
import { ComicListToolbar } from "@/features/comics/components/comic-list-toolbar";
import { ComicsTable, ComicsTableSkeleton } from "@/features/comics/components/comics-table";

const route = getRouteApi("/app/comics/");

/** /comics: the comics my teams may upload to; search, status, sort and page live in the URL. */
export function ComicsPage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const comics = useComics(myComicsParams(search));

  const change = useCallback(
    (next: Partial<Omit<ComicListSearch, "page">>) =>
      void navigate({ to: "/comics", search: { ...search, ...next, page: undefined } }),
    [navigate, search],
  );
  const filtered = Boolean(search.search || search.status);
  const list = comics.data?.comics ?? [];

  const actions = (
    <>
      <LinkButton
        variant="outline"
        to="/comics/request"
        icon={BookKeyIcon}
        label={t("comics.list.requestPermission")}
      />
      <LinkButton to="/comics/upload" icon={BookPlusIcon} label={t("comics.list.create")} />
    </>
  );

  return (
    <Page>
      <PageHeader
        title={t("pages.comics.title")}
        description={t("pages.comics.description")}
        actions={actions}
      />
      {(filtered || list.length > 0 || page > 1 || search.sort) && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <ComicListToolbar search={search} onChange={change} />
          {comics.data && (
            <p className="text-muted-foreground text-sm" aria-live="polite">
              {t("comics.list.total", { count: comics.data.total })}
            </p>
          )}
        </div>
      )}
      <QueryState query={comics} loading={<ComicsTableSkeleton />}>
        {() =>
          list.length === 0 && filtered ? (
            <EmptyState
              icon={SearchXIcon}
              title={t("comics.list.noResultsTitle")}
              description={t("comics.list.noResultsDescription")}
            >
              <Button variant="outline" onClick={() => void navigate({ to: "/comics", search: {} })}>
                {t("comics.list.clearFilters")}
              </Button>
            </EmptyState>
          ) : list.length === 0 ? (
            <EmptyState
              icon={BookTextIcon}
              title={t("pages.comics.emptyTitle")}
              description={t("pages.comics.emptyDescription")}
            >
              {actions}
            </EmptyState>
          ) : (
            <>
              <ComicsTable comics={list} busy={comics.isPlaceholderData} />
              <Pagination
                page={page}
                totalPages={comics.data?.totalPages ?? 1}
                onPageChange={(next) =>
                  void navigate({
                    to: "/comics",
                    search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }),
                  })
                }
              />
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
