import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "@tanstack/react-router";
import { DEFAULT_LANG } from "@vt/shared/constants";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ModalProvider } from "@/components/modal/modal-provider";
import { SidebarInset } from "@/components/ui/sidebar-inset";
import { SidebarProvider } from "@/components/ui/sidebar-provider";
import { useAuth } from "@/features/auth/auth-store";
import { CurrentUserSync } from "@/features/auth/current-user-sync";
import { addTexts } from "@/lib/i18n";
import { queryClient, setUnauthorizedHandler } from "@/lib/query-client";
import { signedInVi } from "@/locales/resources-vi-signed-in";
import { endSession } from "../session-end";
import { AppHeader } from "./app-header";
import { AppSidebar } from "./app-sidebar";
import { VerifyEmailBanner } from "./verify-email-banner-chunk";

// The signed-in sections of the Vietnamese table travel with this layout (English is loaded whole).
addTexts(DEFAULT_LANG, signedInVi);
// From here on, a 401 from any query or mutation means the session ended.
setUnauthorizedHandler(endSession);

/**
 * The signed-in layout (docs/dashboard.md, "The shell"): sidebar, header with toggle and
 * breadcrumb, and the page.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <QueryClientProvider client={queryClient}>
      <CurrentUserSync />
      <ModalProvider>
        <SidebarProvider>
          <a
            href="#main-content"
            className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            {t("shell.skipToContent")}
          </a>
          <AppSidebar />
          <SidebarInset>
            <AppHeader />
            {user?.emailVerified === false && (
              <Suspense fallback={null}>
                <VerifyEmailBanner />
              </Suspense>
            )}
            <div id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
              <Outlet />
            </div>
          </SidebarInset>
        </SidebarProvider>
      </ModalProvider>
    </QueryClientProvider>
  );
}
