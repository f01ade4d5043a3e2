import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Separator } from "@/components/ui/separator";
import { SidebarTrigger } from "@/components/ui/sidebar-trigger";
import { AppBreadcrumb } from "./app-breadcrumb";

// The bell and its texts load beside the first paint, not in it (the home page's JS budget).
const NotificationBell = lazy(() =>
  import("@/features/notifications/notification-bell").then((m) => ({ default: m.NotificationBell })),
);

export function AppHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-4">
      <SidebarTrigger
        label={t("shell.toggleSidebar")}
        title={`${t("shell.toggleSidebar")} (${t("shell.toggleSidebarShortcut")})`}
        className="-ml-1"
      />
      <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
      <AppBreadcrumb />
      <Suspense fallback={null}>
        <NotificationBell />
      </Suspense>
    </header>
  );
}
