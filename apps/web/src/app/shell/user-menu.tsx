import { Link } from "@tanstack/react-router";
import { LANGUAGES, type Lang } from "@vt/shared/constants";
import {
  ChevronsUpDownIcon,
  KeyRoundIcon,
  LanguagesIcon,
  LoaderCircleIcon,
  LogOutIcon,
  SunMoonIcon,
  UserRoundPenIcon,
} from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useSidebar } from "@/components/ui/sidebar-context";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "@/components/ui/sidebar-menu";
import { useLogout } from "@/features/auth/api/logout";
import { useAuth } from "@/features/auth/auth-store";
import { changeLanguage, currentLanguage, isLang } from "@/lib/i18n";
import { userInitials } from "@/lib/initials";
import { THEMES, type Theme, useTheme } from "@/lib/theme";

// The dialog and its form code are downloaded when the profile is first opened.
const ProfileDialog = lazy(() =>
  import("@/features/auth/components/profile-dialog").then((m) => ({ default: m.ProfileDialog })),
);

const THEME_LABEL_KEYS = {
  light: "shell.themeLight",
  dark: "shell.themeDark",
  system: "shell.themeSystem",
} as const;

function isTheme(value: string): value is Theme {
  return (THEMES as readonly string[]).includes(value);
}

/** Sidebar footer: who is signed in, profile, language, theme and logout (spec §2). */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { isMobile, setOpenMobile } = useSidebar();
  const { theme, setTheme } = useTheme();
  const logout = useLogout();
  const [profileOpen, setProfileOpen] = useState(false);

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

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton
              size="lg"
              aria-label={t("shell.userMenu")}
              className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground"
            >
              {identity}
              <ChevronsUpDownIcon aria-hidden className="ml-auto size-4" />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            className="w-(--radix-dropdown-menu-trigger-width) min-w-60 rounded-lg"
            side={isMobile ? "top" : "right"}
            align="end"
            sideOffset={4}
          >
            <DropdownMenuLabel className="p-0 font-normal">
              <div className="flex items-center gap-2 px-1 py-1.5">{identity}</div>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              <DropdownMenuItem
                onSelect={() => {
                  // On phones the dialog replaces the sidebar sheet rather than stacking on it.
                  if (isMobile) setOpenMobile(false);
                  setProfileOpen(true);
                }}
              >
                <UserRoundPenIcon aria-hidden />
                {t("auth.profile.menuItem")}
              </DropdownMenuItem>
              <DropdownMenuItem asChild onSelect={() => isMobile && setOpenMobile(false)}>
                <Link to="/tokens">
                  <KeyRoundIcon aria-hidden />
                  {t("breadcrumb.tokens")}
                </Link>
              </DropdownMenuItem>
              <DropdownMenuSub>
                <DropdownMenuSubTrigger>
                  <LanguagesIcon aria-hidden />
                  {t("shell.language")}
                </DropdownMenuSubTrigger>
                <DropdownMenuSubContent>
                  <DropdownMenuRadioGroup
                    value={currentLanguage()}
                    onValueChange={(value) => {
                      if (isLang(value)) void changeLanguage(value);
                    }}
                  >
                    {LANGUAGES.map((lang: Lang) => (
                      <DropdownMenuRadioItem key={lang} value={lang} lang={lang}>
                        {t(`shell.languages.${lang}`)}
                      </DropdownMenuRadioItem>
                    ))}
                  </DropdownMenuRadioGroup>
                </DropdownMenuSubContent>
              </DropdownMenuSub>
              <DropdownMenuSub>
                <DropdownMenuSubTrigger>
                  <SunMoonIcon aria-hidden />
                  {t("shell.theme")}
                </DropdownMenuSubTrigger>
                <DropdownMenuSubContent>
                  <DropdownMenuRadioGroup
                    value={theme}
                    onValueChange={(value) => {
                      if (isTheme(value)) setTheme(value);
                    }}
                  >
                    {THEMES.map((option) => (
                      <DropdownMenuRadioItem key={option} value={option}>
                        {t(THEME_LABEL_KEYS[option])}
                      </DropdownMenuRadioItem>
                    ))}
                  </DropdownMenuRadioGroup>
                </DropdownMenuSubContent>
              </DropdownMenuSub>
            </DropdownMenuGroup>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              disabled={logout.isPending}
              onSelect={(event) => {
                event.preventDefault();
                logout.mutate();
              }}
            >
              {logout.isPending ? (
                <LoaderCircleIcon aria-hidden className="animate-spin" />
              ) : (
                <LogOutIcon aria-hidden />
              )}
              {logout.isPending ? t("shell.loggingOut") : t("shell.logout")}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        {profileOpen && (
          <Suspense fallback={null}>
            <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />
          </Suspense>
        )}
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
