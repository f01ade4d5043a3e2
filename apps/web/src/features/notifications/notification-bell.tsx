import "./texts";
import { BellIcon, CheckCheckIcon, SettingsIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { ListSkeleton } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { useMarkRead, useNotifications } from "./api";

const PAGE_SIZE = 8;

// Loaded when opened: the settings use the shared contracts (zod) and the list the request texts,
// which the header should not carry.
const NotificationSettings = lazy(() =>
  import("./notification-settings").then((m) => ({ default: m.NotificationSettings })),
);
const NotificationList = lazy(() =>
  import("./notification-list").then((m) => ({ default: m.NotificationList })),
);

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
            <ActionButton
              variant="ghost"
              size="sm"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
              icon={<CheckCheckIcon aria-hidden />}
              label={t("review.notifications.markAll")}
            />
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
          <Suspense fallback={<ListSkeleton />}>
            <NotificationSettings />
          </Suspense>
        ) : (
          <Suspense fallback={<ListSkeleton rows={3} />}>
            <NotificationList
              list={list}
              onMore={() => setLimit((current) => Math.min(current + PAGE_SIZE, 50))}
              onOpen={(n) => {
                if (!n.read) markRead.mutate(n.id);
                setOpen(false);
              }}
              onRead={(id) => markRead.mutate(id)}
              busy={markRead.isPending}
            />
          </Suspense>
        )}
      </PopoverContent>
    </Popover>
  );
}
