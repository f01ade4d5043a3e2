import "@/features/teams/texts";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Page } from "@/components/page";
import { QueryState } from "@/components/query-state";
import { ShortcutCards } from "@/components/shortcut-cards";
import { useTeam } from "@/features/teams/api/get-team";
import { TeamActivity } from "@/features/teams/components/team-activity";
import { TeamNotFound } from "@/features/teams/components/team-layout";
import {
  TeamOverviewHeader,
  TeamOverviewHeaderSkeleton,
} from "@/features/teams/components/team-overview-header";
import { TEAM_SECTIONS, TeamSectionNav } from "@/features/teams/components/team-section-nav";
import { parseTeamId } from "@/features/teams/teams-search";
import { isApiError } from "@/lib/api-error";

const route = getRouteApi("/app/teams/$teamId/");

/** /teams/{id}: the team dashboard: banner, sections, shortcuts and recent activity. */
export function TeamPage() {
  const { t } = useTranslation();
  const teamId = parseTeamId(route.useParams().teamId);
  const team = useTeam(teamId);
  if (teamId === null || (isApiError(team.error) && team.error.kind === "not-found")) return <TeamNotFound />;

  return (
    <Page>
      <QueryState query={team} loading={<TeamOverviewHeaderSkeleton />}>
        {(data) => <TeamOverviewHeader team={data} />}
      </QueryState>
      <TeamSectionNav teamId={teamId} active="overview" />
      <div className="grid gap-6">
        <ShortcutCards
          headingId="team-shortcuts-heading"
          heading={t("teams.dashboard.shortcutsLabel")}
          listClassName="grid gap-3 sm:grid-cols-2 xl:grid-cols-4"
          params={{ teamId: String(teamId) }}
          cards={TEAM_SECTIONS.flatMap(({ key, ...section }) =>
            key === "overview"
              ? []
              : [
                  {
                    ...section,
                    key,
                    title: t(`teams.nav.${key}`),
                    description: t(`teams.dashboard.shortcuts.${key}`),
                  },
                ],
          )}
        />
        <TeamActivity teamId={teamId} />
      </div>
    </Page>
  );
}
