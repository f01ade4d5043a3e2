import { BookPlusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { navItem } from "@/app/shell/nav-items";
import { Page } from "@/components/page";
import { PageHeader } from "@/components/page-header";
import { ShortcutCards } from "@/components/shortcut-cards";
import { useAuth } from "@/features/auth/auth-store";

/**
 * The home's shortcuts (docs/dashboard.md, "Pages and the guard"), in order; those that go where a
 * sidebar entry goes take its path and icon. Team info goes to the team list, where the user picks
 * a team.
 */
const SHORTCUTS = [
  { key: "createComic", to: "/comics/upload", icon: BookPlusIcon },
  { ...navItem("comics"), key: "teamComics" },
  navItem("authors"),
  navItem("artists"),
  navItem("characters"),
  { ...navItem("teams"), key: "teamInfo" },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const title = user?.name
    ? t("pages.home.greeting", { name: user.name })
    : t("pages.home.greetingAnonymous");

  return (
    <Page>
      <PageHeader title={title} description={t("pages.home.description")} />
      <ShortcutCards
        prominent
        headingId="shortcuts-heading"
        heading={t("pages.home.shortcutsLabel")}
        listClassName="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        cards={SHORTCUTS.map((shortcut) => ({
          ...shortcut,
          title: t(`pages.home.shortcuts.${shortcut.key}.title`),
          description: t(`pages.home.shortcuts.${shortcut.key}.description`),
        }))}
      />
    </Page>
  );
}
