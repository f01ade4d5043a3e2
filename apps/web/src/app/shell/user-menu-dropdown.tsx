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
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
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
import { SidebarMenuButton } from "@/components/ui/sidebar-menu";
import { useLogout } from "@/features/auth/api/logout";
import { changeLanguage, currentLanguage, isLang } from "@/lib/i18n";
import { THEMES, type Theme, useTheme } from "@/lib/theme";

const THEME_LABEL_KEYS = {
  light: "shell.themeLight",
  dark: "shell.themeDark",
  system: "shell.themeSystem",
} as const;

function isTheme(value: string): value is Theme {
  return (THEMES as readonly string[]).includes(value);
}

/**
 * The user menu's dropdown (profile, tokens, language, theme, logout), downloaded when the user
 * first reaches for the menu (see user-menu.tsx); it opens at once when that was a press.
 */
export function UserMenuDropdown({
  identity,
  defaultOpen,
  onProfile,
}: {
  identity: ReactNode;
  defaultOpen: boolean;
  onProfile: () => void;
}) {
  const { t } = useTranslation();
  const { isMobile, setOpenMobile } = useSidebar();
  const { theme, setTheme } = useTheme();
  const logout = useLogout();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <SidebarMenuButton
          size="lg"
          className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground"
        >
          {identity}
          {/* The name says what is shown first (WCAG 2.5.3), then what the button does. */}
          <span className="sr-only">{t("shell.userMenu")}</span>
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
              onProfile();
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
  );
}
