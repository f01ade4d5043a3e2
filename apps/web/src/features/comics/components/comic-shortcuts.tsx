import { useTranslation } from "react-i18next";
import { ShortcutCards } from "@/components/shortcut-cards";
import { COMIC_SECTIONS } from "./comic-section-nav";

/** Links to the comic's sections, each with a line on what it holds. */
export function ComicShortcuts({ comicId }: { comicId: number }) {
  const { t } = useTranslation();
  return (
    <ShortcutCards
      headingId="comic-shortcuts-heading"
      heading={t("comics.dashboard.shortcutsLabel")}
      listClassName="grid gap-3 sm:grid-cols-2"
      params={{ comicId: String(comicId) }}
      cards={COMIC_SECTIONS.flatMap(({ key, ...section }) =>
        key === "overview"
          ? []
          : [
              {
                ...section,
                key,
                title: t(`comics.nav.${key}`),
                description: t(`comics.dashboard.shortcuts.${key}`),
              },
            ],
      )}
    />
  );
}
