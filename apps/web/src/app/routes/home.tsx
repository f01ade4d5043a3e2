import { Link } from "@tanstack/react-router";
import {
  BookPlusIcon,
  BookTextIcon,
  BrushIcon,
  ChevronRightIcon,
  ContactIcon,
  type LucideIcon,
  NotebookPenIcon,
  UsersIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Page } from "@/components/page";
import { PageHeader } from "@/components/page-header";
import { useAuth } from "@/features/auth/auth-store";

type Shortcut = {
  key: "createComic" | "teamComics" | "authors" | "artists" | "characters" | "teamInfo";
  to: "/comics/upload" | "/comics" | "/authors" | "/artists" | "/characters" | "/teams";
  icon: LucideIcon;
};

/** Spec §2 dashboard shortcuts, in order. Team info goes to the team list, where the user picks a team. */
const SHORTCUTS: readonly Shortcut[] = [
  { key: "createComic", to: "/comics/upload", icon: BookPlusIcon },
  { key: "teamComics", to: "/comics", icon: BookTextIcon },
  { key: "authors", to: "/authors", icon: NotebookPenIcon },
  { key: "artists", to: "/artists", icon: BrushIcon },
  { key: "characters", to: "/characters", icon: ContactIcon },
  { key: "teamInfo", to: "/teams", icon: UsersIcon },
];

export function HomePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const title = user?.name
    ? t("pages.home.greeting", { name: user.name })
    : t("pages.home.greetingAnonymous");

  return (
    <Page>
      <PageHeader title={title} description={t("pages.home.description")} />
      <section aria-labelledby="shortcuts-heading">
        <h2 id="shortcuts-heading" className="sr-only">
          {t("pages.home.shortcutsLabel")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {SHORTCUTS.map((shortcut) => (
            <li key={shortcut.key}>
              <Link
                to={shortcut.to}
                className="group flex h-full items-start gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm outline-none transition-[border-color,box-shadow,transform] hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                  <shortcut.icon aria-hidden className="size-5" />
                </span>
                <span className="grid flex-1 gap-1">
                  <span className="font-semibold">{t(`pages.home.shortcuts.${shortcut.key}.title`)}</span>
                  <span className="text-muted-foreground text-sm">
                    {t(`pages.home.shortcuts.${shortcut.key}.description`)}
                  </span>
                </span>
                <ChevronRightIcon
                  aria-hidden
                  className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
