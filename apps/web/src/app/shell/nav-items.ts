import {
  BookTextIcon,
  BrushIcon,
  ContactIcon,
  InboxIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  NotebookPenIcon,
  ShieldIcon,
  UsersIcon,
} from "lucide-react";

export type NavKey =
  | "dashboard"
  | "teams"
  | "comics"
  | "authors"
  | "artists"
  | "characters"
  | "requests"
  | "admin";
export type NavItem = {
  key: NavKey;
  to: "/" | "/teams" | "/comics" | "/authors" | "/artists" | "/characters" | "/requests" | "/admin";
  icon: LucideIcon;
  /** Shown to platform admins only (the server answers 404 to anyone else). */
  adminOnly?: boolean;
};

/** The sidebar entries (docs/dashboard.md, "The shell"), in order; the admin area for admins only. */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: "dashboard", to: "/", icon: LayoutDashboardIcon },
  { key: "teams", to: "/teams", icon: UsersIcon },
  { key: "comics", to: "/comics", icon: BookTextIcon },
  { key: "authors", to: "/authors", icon: NotebookPenIcon },
  { key: "artists", to: "/artists", icon: BrushIcon },
  { key: "characters", to: "/characters", icon: ContactIcon },
  { key: "requests", to: "/requests", icon: InboxIcon },
  { key: "admin", to: "/admin", icon: ShieldIcon, adminOnly: true },
];

/** The sidebar entry `key` (its path and icon), for links elsewhere that go to the same place. */
export function navItem<K extends NavKey>(key: K): NavItem & { key: K } {
  return NAV_ITEMS.find((item) => item.key === key) as NavItem & { key: K };
}

/** An entry is active on its own path and on every path nested below it; dashboard also on /dashboard. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.to === "/")
    return pathname === "/" || pathname === "/dashboard" || pathname.startsWith("/dashboard/");
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
