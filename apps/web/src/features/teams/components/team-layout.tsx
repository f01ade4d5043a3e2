import { Link } from "@tanstack/react-router";
import type { Team } from "@vt/shared/api-schemas";
import { ArrowLeftIcon, SearchXIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { LinkButton } from "@/components/link-button";
import { Page } from "@/components/page";
import { QueryState } from "@/components/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-error";
import { useTeam } from "../api/get-team";
import { RoleBadge } from "./role-badge";
import { TeamLogo } from "./team-logo";
import { type TeamSection, TeamSectionNav } from "./team-section-nav";

/**
 * The frame of every /teams/{id}/<section> page but the overview: the team (logo, name, my role),
 * the section title, the section tabs and the content. Loads the team once; shows a skeleton while
 * it loads and "team not found" for a bad id or a team the user cannot see (the API answers 404).
 */
export function TeamLayout({
  teamId,
  section,
  title,
  description,
  children,
}: {
  teamId: number | null;
  section: Exclude<TeamSection, "overview">;
  title: string;
  description: string;
  children: (team: Team) => ReactNode;
}) {
  const team = useTeam(teamId ?? 0);
  if (teamId === null || (team.isError && isApiError(team.error) && team.error.kind === "not-found")) {
    return <TeamNotFound />;
  }
  return (
    <Page>
      {team.data ? (
        <div className="flex items-center gap-3">
          <TeamLogo name={team.data.name} logo={team.data.logo} className="size-10" />
          <div className="min-w-0">
            <Link
              to="/teams/$teamId"
              params={{ teamId: String(teamId) }}
              className="block truncate font-medium text-muted-foreground text-sm hover:text-foreground hover:underline"
            >
              {team.data.name}
            </Link>
            <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
          </div>
          <div className="ml-auto max-sm:hidden">
            <MyRole team={team.data} />
          </div>
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-lg" />
          <div className="grid gap-2">
            <Skeleton className="h-4 w-32" />
            <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
          </div>
        </div>
      )}
      <p className="-mt-3 max-w-2xl text-muted-foreground text-sm">{description}</p>
      <TeamSectionNav teamId={teamId} active={section} />
      <QueryState query={team} loading={<SectionSkeleton />}>
        {children}
      </QueryState>
    </Page>
  );
}

/** The caller's role badge (a platform admin who is not a member shows as admin). */
export function MyRole({ team }: { team: Team }) {
  if (team.myRole) return <RoleBadge value={team.myRole} />;
  return team.can.own ? <RoleBadge value="admin" /> : null;
}

export function SectionSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <Skeleton className="h-10 w-full max-w-md" />
      <Skeleton className="h-10 w-full max-w-md" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-10 w-32" />
    </div>
  );
}

export function TeamNotFound() {
  const { t } = useTranslation();
  return (
    <Page>
      <EmptyState
        icon={SearchXIcon}
        title={t("teams.notFound.title")}
        description={t("teams.notFound.description")}
      >
        <LinkButton variant="outline" to="/teams" icon={ArrowLeftIcon} label={t("teams.notFound.back")} />
      </EmptyState>
    </Page>
  );
}

/** A note that the page is read-only for the caller's role. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <p className="rounded-lg border border-dashed bg-muted/50 px-3 py-2 text-muted-foreground text-sm">
      {t("teams.readOnly")}
    </p>
  );
}
