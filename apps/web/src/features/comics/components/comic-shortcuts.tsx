import { Link } from "@tanstack/react-router";
import { ChevronRightIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { COMIC_SECTIONS } from "./comic-section-nav";

/** Links to the comic's sections, each with a line on what it holds. */
export function ComicShortcuts({ comicId }: { comicId: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="comic-shortcuts-heading" className="grid content-start gap-3">
      <h2 id="comic-shortcuts-heading" className="font-semibold">
        {t("comics.dashboard.shortcutsLabel")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {COMIC_SECTIONS.flatMap((section) =>
          section.key === "overview" ? [] : [{ ...section, key: section.key }],
        ).map((section) => (
          <li key={section.key}>
            <Link
              to={section.to}
              params={{ comicId: String(comicId) }}
              className="group flex h-full items-start gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm outline-none transition-[border-color,box-shadow] hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                <section.icon aria-hidden className="size-5" />
              </span>
              <span className="grid flex-1 gap-0.5">
                <span className="font-medium">{t(`comics.nav.${section.key}`)}</span>
                <span className="text-muted-foreground text-sm">
                  {t(`comics.dashboard.shortcuts.${section.key}`)}
                </span>
              </span>
              <ChevronRightIcon aria-hidden className="mt-1 size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
