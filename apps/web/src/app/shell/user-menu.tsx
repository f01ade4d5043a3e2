import { ChevronsUpDownIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "@/components/ui/sidebar-menu";
import { useAuth } from "@/features/auth/auth-store";
import { userInitials } from "@/lib/initials";

// The dialog and its form code are downloaded when the profile is first opened.
const ProfileDialog = lazy(() =>
  import("@/features/auth/components/profile-dialog").then((m) => ({ default: m.ProfileDialog })),
);
// The dropdown (and Radix's menu code) when the user first points at, focuses or presses the button.
const loadDropdown = () => import("./user-menu-dropdown");
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

/** Sidebar footer: who is signed in, profile, language, theme and logout (docs/dashboard.md). */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [profileOpen, setProfileOpen] = useState(false);
  // "pressed": the button was activated before the dropdown's code arrived; it opens on arrival.
  const [menu, setMenu] = useState<"idle" | "pressed">("idle");

  const name = user?.name || t("shell.unnamedUser");
  const email = user?.email ?? "";

  const identity = (
    <>
      <Avatar className="size-8 rounded-lg">
        {user?.avatar && <AvatarImage src={user.avatar} alt="" />}
        <AvatarFallback className="rounded-lg">{userInitials(user?.name)}</AvatarFallback>
      </Avatar>
      <span className="grid flex-1 text-left text-sm leading-tight">
        <span className="truncate font-medium">{name}</span>
        {email && <span className="truncate text-xs opacity-70">{email}</span>}
      </span>
    </>
  );

  const placeholder = (
    <SidebarMenuButton
      size="lg"
      aria-haspopup="menu"
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setMenu("pressed")}
    >
      {identity}
      {/* The name says what is shown first (WCAG 2.5.3), then what the button does. */}
      <span className="sr-only">{t("shell.userMenu")}</span>
      <ChevronsUpDownIcon aria-hidden className="ml-auto size-4" />
    </SidebarMenuButton>
  );

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        {menu === "idle" ? (
          placeholder
        ) : (
          <Suspense fallback={placeholder}>
            <UserMenuDropdown identity={identity} defaultOpen onProfile={() => setProfileOpen(true)} />
          </Suspense>
        )}
        {profileOpen && (
          <Suspense fallback={null}>
            <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />
          </Suspense>
        )}
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
