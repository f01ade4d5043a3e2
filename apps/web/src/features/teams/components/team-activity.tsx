import { Link } from "@tanstack/react-router";
import type { TActivityEntry } from "@vt/shared/contracts/teams";
import { HistoryIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "@/components/query-state";
import { SectionCard } from "@/components/section-card";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { SkeletonMedia } from "@/components/ui/skeleton";
import { formatDateTime, formatRelative } from "@/lib/date-format";
import { initials } from "@/lib/initials";
import { describeActivity } from "../activity-text";
import { useTeamActivity } from "../api/get-team-activity";

const PAGE_SIZE = 10;

/** The team's recent activity (audit): who did what, when; "show more" loads further entries. */
export function TeamActivity({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const activity = useTeamActivity({ teamId, page: 1, limit });
  const entries = activity.data?.entries ?? [];

  return (
    <SectionCard
      headingId="team-activity-heading"
      icon={HistoryIcon}
      title={t("teams.dashboard.activityTitle")}
    >
      {activity.isPending && !activity.isError ? (
        <ul className="grid gap-3" aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <li key={index}>
              <SkeletonMedia
                media="size-8 rounded-full"
                lines={["h-4 w-2/3", "h-3 w-24"]}
                linesClassName="gap-1.5"
              />
            </li>
          ))}
        </ul>
      ) : activity.isError && !activity.data ? (
        <ErrorState
          error={activity.error}
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : entries.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("teams.dashboard.activityEmpty")}</p>
      ) : (
        <ol className="grid gap-1">
          {entries.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {activity.data && activity.data.total > entries.length && (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start"
          disabled={activity.isFetching}
          onClick={() => setLimit((current) => Math.min(current + PAGE_SIZE, 100))}
        >
          {t("teams.dashboard.activityMore")}
        </Button>
      )}
    </SectionCard>
  );
}

function ActivityItem({ entry }: { entry: TActivityEntry }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="flex items-start gap-3 rounded-lg px-1 py-2">
      <Avatar className="mt-0.5">
        {entry.actor?.avatar && <AvatarImage src={entry.actor.avatar} alt="" />}
        <AvatarFallback>{initials(entry.actor?.name ?? "?")}</AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm [overflow-wrap:anywhere]">{describeActivity(entry, t)}</p>
        <time
          dateTime={entry.createdAt}
          title={formatDateTime(entry.createdAt, i18n.language)}
          className="text-muted-foreground text-xs"
        >
          {formatRelative(entry.createdAt, i18n.language)}
        </time>
        {entry.entity === "comic" && entry.entityId !== null && (
          <Link
            to="/comics/$comicId/history"
            params={{ comicId: String(entry.entityId) }}
            className="w-fit text-primary text-xs underline-offset-4 hover:underline"
          >
            {t("teams.dashboard.activityHistory")}
          </Link>
        )}
      </div>
    </li>
  );
}
