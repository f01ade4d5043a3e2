import "./texts";
import { BellIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useNotifications } from "./api/get-notifications";

const PAGE_SIZE = 8;

// The panel (Radix Popover and the panel's controls) when the user first points at, focuses or
// presses the bell; the header's first paint carries only the button and its unread count.
const loadPanel = () => import("./notification-panel");
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));

/**
 * The bell in the header: the unread count on the button; the panel lists notifications newest
 * first ("show more" loads further), each marked read when opened or with its own button, all at
 * once with "mark all read"; "settings" turns mail on or off per kind.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The panel's code was asked for by a press: from then on the Popover owns the button.
  const [pressed, setPressed] = useState(false);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const list = useNotifications({ page: 1, limit });
  const unread = list.data?.unread ?? 0;
  const label =
    unread > 0 ? t("review.notifications.bellUnread", { count: unread }) : t("review.notifications.title");

  const button = (
    <Button
      variant="ghost"
      size="icon"
      className="relative ml-auto"
      title={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      {...(pressed
        ? {}
        : {
            onPointerEnter: () => void loadPanel(),
            onFocus: () => void loadPanel(),
            onClick: () => {
              setPressed(true);
              setOpen(true);
            },
          })}
    >
      <BellIcon aria-hidden />
      {/* The name is the button's own text (no aria-label over a visible count, WCAG 2.5.3). */}
      <span className="sr-only">{label}</span>
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="notifications-unread"
          className="-top-0.5 -right-0.5 absolute min-w-4 rounded-full bg-destructive px-1 dark:bg-red-700 text-center font-semibold text-[10px] text-white leading-4 tabular-nums"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Button>
  );

  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <NotificationPanel
        trigger={button}
        open={open}
        onOpenChange={setOpen}
        list={list}
        onMore={() => setLimit((current) => Math.min(current + PAGE_SIZE, 50))}
      />
    </Suspense>
  );
}
