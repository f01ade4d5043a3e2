import "@/features/teams/texts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { SearchXIcon, UsersIcon } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Page } from "@/components/page";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { SearchInput } from "@/components/ui/search-input";
import { useAuth } from "@/features/auth/auth-store";
import { ResendVerificationButton } from "@/features/auth/components/resend-verification-button";
import { useTeams } from "@/features/teams/api/get-teams";
import { CreateTeamDialog } from "@/features/teams/components/create-team-dialog";
import { MyInvitations } from "@/features/teams/components/my-invitations";
import { TeamCard, TeamCardSkeleton } from "@/features/teams/components/team-card";

const route = getRouteApi("/app/teams/");
const PAGE_SIZE = 12;

/** /teams: my teams (search and page in the URL), pending invitations, and creating a team. */
export function TeamsPage() {
  const { t } = useTranslation();
  const { page = 1, search } = route.useSearch();
  const navigate = useNavigate();
  const teams = useTeams({ page, search, limit: PAGE_SIZE });
  const { user } = useAuth();

  const setSearch = useCallback(
    (value: string) => void navigate({ to: "/teams", search: { search: value || undefined } }),
    [navigate],
  );
  const openTeam = (teamId: number) =>
    void navigate({ to: "/teams/$teamId", params: { teamId: String(teamId) } });
  const createButton = <CreateTeamDialog onCreated={(team) => openTeam(team.id)} />;
  const list = teams.data?.teams ?? [];

  return (
    <Page>
      <PageHeader
        title={t("pages.teams.title")}
        description={t("pages.teams.description")}
        actions={createButton}
      />
      <MyInvitations
        onAccepted={openTeam}
        email={typeof user?.email === "string" ? user.email : undefined}
        resendAction={<ResendVerificationButton className="bg-background" />}
      />
      {(search || list.length > 0 || page > 1) && (
        <SearchInput
          value={search ?? ""}
          onSearch={setSearch}
          label={t("teams.list.searchLabel")}
          placeholder={t("teams.list.searchPlaceholder")}
        />
      )}
      <QueryState
        query={teams}
        loading={
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {Array.from({ length: 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
              <li key={index}>
                <TeamCardSkeleton />
              </li>
            ))}
          </ul>
        }
      >
        {() =>
          list.length === 0 && search ? (
            <EmptyState
              icon={SearchXIcon}
              title={t("teams.list.noResultsTitle")}
              description={t("teams.list.noResultsDescription", { search })}
            >
              <Button variant="outline" onClick={() => setSearch("")}>
                {t("teams.list.clearSearch")}
              </Button>
            </EmptyState>
          ) : list.length === 0 ? (
            <EmptyState
              icon={UsersIcon}
              title={t("pages.teams.emptyTitle")}
              description={t("pages.teams.emptyDescription")}
            >
              {createButton}
            </EmptyState>
          ) : (
            <>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {list.map((team) => (
                  <li key={team.id}>
                    <TeamCard team={team} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                totalPages={teams.data?.totalPages ?? 1}
                onPageChange={(next) =>
                  void navigate({
                    to: "/teams",
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
