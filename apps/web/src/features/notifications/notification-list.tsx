import type { Notification } from "@vt/shared/api-schemas";
import "./list-texts";
import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CheckCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListSkeleton, QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { formatRelative } from "@/lib/date-format";
import { cn } from "@/lib/utils";
import { notificationLink, notificationText } from "./notification-text";

type NotificationPage = { items: Notification[]; total: number };

/**
 * The bell panel's list (loaded with the panel's first opening, see notification-bell.tsx): newest
 * first, each opened or marked read with its own button, "show more" asks for further ones.
 */
export function NotificationList({
  list,
  onMore,
  onOpen,
  onRead,
  busy,
}: {
  list: UseQueryResult<NotificationPage>;
  onMore: () => void;
  onOpen: (notification: Notification) => void;
  onRead: (id: Notification["id"]) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="max-h-[60vh] overflow-y-auto px-1 pb-2">
      <QueryState query={list} loading={<ListSkeleton rows={3} />} errorClassName="m-2">
        {(data) =>
          data.items.length === 0 ? (
            <p className="px-3 py-6 text-center text-muted-foreground text-sm">
              {t("review.notifications.empty")}
            </p>
          ) : (
            <ul aria-label={t("review.notifications.title")} className="grid gap-0.5">
              {data.items.map((n) => (
                <NotificationItem
                  key={n.id}
                  notification={n}
                  onOpen={() => onOpen(n)}
                  onRead={() => onRead(n.id)}
                  busy={busy}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      {list.data && list.data.total > list.data.items.length && (
        <Button variant="ghost" size="sm" className="mt-1 w-full" disabled={list.isFetching} onClick={onMore}>
          {t("review.notifications.more")}
        </Button>
      )}
    </div>
  );
}

function NotificationItem({
  notification: n,
  onOpen,
  onRead,
  busy,
}: {
  notification: Notification;
  onOpen: () => void;
  onRead: () => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const link = notificationLink(n);
  return (
    <li
      className={cn("flex items-start gap-2 rounded-md px-2 py-2", !n.read && "bg-primary/5")}
      data-unread={!n.read || undefined}
    >
      <span
        aria-hidden
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", n.read ? "bg-transparent" : "bg-primary")}
      />
      <Link
        to={link.to}
        search={link.search as never}
        onClick={onOpen}
        className="grid flex-1 gap-0.5 text-sm"
      >
        <span>{notificationText(t, n)}</span>
        <span className="text-muted-foreground text-xs">{formatRelative(n.createdAt, i18n.language)}</span>
        {!n.read && <span className="sr-only">{t("review.notifications.unread")}</span>}
      </Link>
      {!n.read && (
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          disabled={busy}
          aria-label={t("review.notifications.markOne")}
          title={t("review.notifications.markOne")}
          onClick={onRead}
        >
          <CheckCheckIcon aria-hidden />
        </Button>
      )}
    </li>
  );
}
