import "@/features/teams/texts";
import { getRouteApi, Link } from "@tanstack/react-router";
import { ChevronRightIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Page } from "@/components/page";
import { QueryState } from "@/components/query-state";
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
        <section aria-labelledby="team-shortcuts-heading" className="grid content-start gap-3">
          <h2 id="team-shortcuts-heading" className="font-semibold">
            {t("teams.dashboard.shortcutsLabel")}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            {TEAM_SECTIONS.flatMap((section) =>
              section.key === "overview" ? [] : [{ ...section, key: section.key }],
            ).map((section) => (
              <li key={section.key}>
                <Link
                  to={section.to}
                  params={{ teamId: String(teamId) }}
                  className="group flex h-full items-start gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm outline-none transition-[border-color,box-shadow] hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                    <section.icon aria-hidden className="size-5" />
                  </span>
                  <span className="grid flex-1 gap-0.5">
                    <span className="font-medium">{t(`teams.nav.${section.key}`)}</span>
                    <span className="text-muted-foreground text-sm">
                      {t(`teams.dashboard.shortcuts.${section.key}`)}
                    </span>
                  </span>
                  <ChevronRightIcon aria-hidden className="mt-1 size-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <TeamActivity teamId={teamId} />
      </div>
    </Page>
  );
}
