import { CheckCheckIcon, SettingsIcon } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { ListSkeleton } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import type { useNotifications } from "./api/get-notifications";
import { useMarkRead } from "./api/mark-read";

// Loaded when opened: the settings use the shared contracts (zod) and the list the request texts,
// which the header should not carry.
const NotificationSettings = lazy(() =>
  import("./notification-settings").then((m) => ({ default: m.NotificationSettings })),
);
const NotificationList = lazy(() =>
  import("./notification-list").then((m) => ({ default: m.NotificationList })),
);

/**
 * The bell's panel (Radix Popover around the bell button), downloaded when the bell is first
 * pointed at, focused or pressed (see notification-bell.tsx).
 */
export function NotificationPanel({
  trigger,
  open,
  onOpenChange,
  list,
  onMore,
}: {
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  list: ReturnType<typeof useNotifications>;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState(false);
  const markRead = useMarkRead();
  const unread = list.data?.unread ?? 0;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setSettings(false);
      }}
    >
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
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
              onMore={onMore}
              onOpen={(n) => {
                if (!n.read) markRead.mutate(n.id);
                onOpenChange(false);
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
