import { Link } from "@tanstack/react-router";
import type { TTeamSummary } from "@vt/shared/contracts/teams";
import { UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "@/components/ui/skeleton";
import { RoleBadge } from "./role-badge";
import { TeamLogo } from "./team-logo";

/** One team of the list: cover strip, logo, name, my role and the member count; links to the team. */
export function TeamCard({ team }: { team: TTeamSummary }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/teams/$teamId"
      params={{ teamId: String(team.id) }}
      className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm outline-none transition-[border-color,box-shadow,transform] hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div className="relative h-20 bg-gradient-to-br from-primary/25 via-secondary to-blossom/20">
        {team.cover && <img src={team.cover.url} alt="" className="size-full object-cover" loading="lazy" />}
      </div>
      <div className="-mt-7 flex flex-1 flex-col gap-3 px-4 pb-4">
        <TeamLogo name={team.name} logo={team.logo} className="size-14 border-4 border-card" />
        <div className="grid gap-1">
          <h2 className="line-clamp-2 font-semibold leading-snug">{team.name}</h2>
          <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
            <UsersIcon aria-hidden className="size-3.5" />
            {t("teams.memberCount", { count: team.memberCount })}
          </p>
        </div>
        <div className="mt-auto">{team.myRole && <RoleBadge value={team.myRole} />}</div>
      </div>
    </Link>
  );
}

export function TeamCardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <Skeleton className="h-20 rounded-none" />
      <div className="-mt-7 flex flex-col gap-3 px-4 pb-4">
        <Skeleton className="size-14 rounded-lg border-4 border-card" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-5 w-20" />
      </div>
    </div>
  );
}
