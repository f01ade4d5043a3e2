import "./texts";
import { Link } from "@tanstack/react-router";
import type { TNotification } from "@vt/shared/contracts/notifications";
import { BellIcon, CheckCheckIcon, SettingsIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListSkeleton, QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { formatRelative } from "@/lib/date-format";
import { cn } from "@/lib/utils";
import { useMarkRead, useNotifications } from "./api";
import { NotificationSettings } from "./notification-settings";
import { notificationLink, notificationText } from "./notification-text";

const PAGE_SIZE = 8;

/**
 * The bell in the header: the unread count on the button; the panel lists notifications newest
 * first ("show more" loads further), each marked read when opened or with its own button, all at
 * once with "mark all read"; "settings" turns mail on or off per kind.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [settings, setSettings] = useState(false);
  const list = useNotifications({ page: 1, limit });
  const markRead = useMarkRead();
  const unread = list.data?.unread ?? 0;
  const label =
    unread > 0 ? t("review.notifications.bellUnread", { count: unread }) : t("review.notifications.title");

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSettings(false);
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative ml-auto" aria-label={label} title={label}>
          <BellIcon aria-hidden />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="notifications-unread"
              className="-top-0.5 -right-0.5 absolute min-w-4 rounded-full bg-destructive px-1 text-center font-semibold text-[10px] text-white leading-4 tabular-nums"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="grid w-96 gap-2 p-0"
        aria-label={t("review.notifications.title")}
      >
        <div className="flex items-center gap-1 border-b px-3 py-2">
          <h2 className="mr-auto font-semibold text-sm">
            {settings ? t("review.notifications.settingsTitle") : t("review.notifications.title")}
          </h2>
          {!settings && unread > 0 && (
            <Button
              variant="ghost"
              size="sm"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              <CheckCheckIcon aria-hidden />
              {t("review.notifications.markAll")}
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            aria-pressed={settings}
            aria-label={t("review.notifications.settings")}
            title={t("review.notifications.settings")}
            onClick={() => setSettings((v) => !v)}
          >
            <SettingsIcon aria-hidden />
          </Button>
        </div>
        {settings ? (
          <NotificationSettings />
        ) : (
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
                        onOpen={() => {
                          if (!n.read) markRead.mutate(n.id);
                          setOpen(false);
                        }}
                        onRead={() => markRead.mutate(n.id)}
                        busy={markRead.isPending}
                      />
                    ))}
                  </ul>
                )
              }
            </QueryState>
            {list.data && list.data.total > list.data.items.length && (
              <Button
                variant="ghost"
                size="sm"
                className="mt-1 w-full"
                disabled={list.isFetching}
                onClick={() => setLimit((current) => Math.min(current + PAGE_SIZE, 50))}
              >
                {t("review.notifications.more")}
              </Button>
            )}
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}

function NotificationItem({
  notification: n,
  onOpen,
  onRead,
  busy,
}: {
  notification: TNotification;
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
