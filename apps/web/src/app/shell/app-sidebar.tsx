import { Link, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AppLogo } from "@/components/brand/app-logo";
import { Sidebar } from "@/components/ui/sidebar";
import { useSidebar } from "@/components/ui/sidebar-context";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "@/components/ui/sidebar-menu";
import { SidebarRail } from "@/components/ui/sidebar-rail";
import {
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
} from "@/components/ui/sidebar-sections";
import { useAuth } from "@/features/auth/auth-store";
import { isNavItemActive, NAV_ITEMS } from "./nav-items";
import { RequestCountBadge } from "./request-count-badge";
import { UserMenu } from "./user-menu";

export function AppSidebar() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { setOpenMobile } = useSidebar();
  const isAdmin = useAuth().user?.role === "admin";

  // The mobile sheet closes whenever the page changes (entry chosen, breadcrumb, back button...).
  useEffect(() => {
    void pathname;
    setOpenMobile(false);
  }, [pathname, setOpenMobile]);

  return (
    <Sidebar
      mobileTitle={t("shell.sidebarTitle")}
      mobileDescription={t("shell.sidebarDescription")}
      closeLabel={t("common.close")}
    >
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip={t("common.studioName")}>
              <Link to="/" onClick={() => setOpenMobile(false)}>
                <AppLogo className="size-8!" />
                <span className="grid flex-1 text-left leading-tight">
                  <span className="truncate font-semibold">{t("common.appName")}</span>
                  <span className="truncate text-sidebar-foreground/70 text-xs">Studio</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel id="sidebar-nav-label">{t("nav.label")}</SidebarGroupLabel>
          <nav aria-labelledby="sidebar-nav-label">
            <SidebarMenu>
              {NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly).map((item) => {
                const active = isNavItemActive(item, pathname);
                const label = t(`nav.${item.key}`);
                return (
                  <SidebarMenuItem key={item.key}>
                    <SidebarMenuButton asChild isActive={active} tooltip={label}>
                      <Link
                        to={item.to}
                        aria-current={active ? "page" : undefined}
                        onClick={() => setOpenMobile(false)}
                      >
                        <item.icon aria-hidden />
                        <span>{label}</span>
                        {item.key === "requests" && <RequestCountBadge />}
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </nav>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <UserMenu />
      </SidebarFooter>
      <SidebarRail label={t("shell.toggleSidebar")} />
    </Sidebar>
  );
}
