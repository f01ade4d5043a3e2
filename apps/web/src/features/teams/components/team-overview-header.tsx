import type { Team } from "@vt/shared/api-schemas";
import { CalendarIcon, ExternalLinkIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AnchorButton } from "@/components/link-button";
import { Button } from "@/components/ui/button";
import { Skeleton, SkeletonMedia } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/date-format";
import { MyRole } from "./team-layout";
import { TeamLogo } from "./team-logo";

/** The team dashboard's banner: cover, logo, name, my role, facts and "view on the public site". */
export function TeamOverviewHeader({ team }: { team: Team }) {
  const { t, i18n } = useTranslation();
  return (
    <header className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="h-32 bg-gradient-to-br from-primary/30 via-secondary to-blossom/25 sm:h-44">
        {team.cover && <img src={team.cover.url} alt="" className="size-full object-cover" />}
      </div>
      <div className="flex flex-col gap-4 px-4 pb-4 sm:flex-row sm:items-end sm:px-6 sm:pb-5">
        <TeamLogo
          name={team.name}
          logo={team.logo}
          className="-mt-10 size-20 border-4 border-card shadow-sm sm:-mt-12 sm:size-24"
        />
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="font-semibold text-2xl tracking-tight [overflow-wrap:anywhere]">{team.name}</h1>
            <MyRole team={team} />
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm">
            <span className="flex items-center gap-1.5">
              <UsersIcon aria-hidden className="size-3.5" />
              {t("teams.memberCount", { count: team.memberCount })}
            </span>
            {team.establishedAt && (
              <span className="flex items-center gap-1.5">
                <CalendarIcon aria-hidden className="size-3.5" />
                {t("teams.dashboard.established", { date: formatDate(team.establishedAt, i18n.language) })}
              </span>
            )}
          </p>
        </div>
        {team.siteUrl ? (
          <AnchorButton
            variant="outline"
            className="sm:shrink-0"
            href={team.siteUrl}
            external
            icon={ExternalLinkIcon}
            label={t("teams.dashboard.viewOnSite")}
          />
        ) : (
          <Button variant="outline" disabled title={t("teams.dashboard.noSiteUrl")} className="sm:shrink-0">
            <ExternalLinkIcon aria-hidden />
            {t("teams.dashboard.viewOnSite")}
          </Button>
        )}
      </div>
    </header>
  );
}

export function TeamOverviewHeaderSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm" aria-busy="true">
      <Skeleton className="h-32 rounded-none sm:h-44" />
      <SkeletonMedia
        className="flex items-end gap-4 px-4 pb-4 sm:px-6"
        media="-mt-10 size-20 rounded-lg border-4 border-card sm:size-24"
        lines={["h-7 w-48", "h-4 w-32"]}
      />
    </div>
  );
}
