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
import { isNavItemActive, NAV_ITEMS } from "./nav-items";
import { UserMenu } from "./user-menu";

export function AppSidebar() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { setOpenMobile } = useSidebar();

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
              {NAV_ITEMS.map((item) => {
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
