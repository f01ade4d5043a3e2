import {
  BookOpenTextIcon,
  HistoryIcon,
  ImageIcon,
  InfoIcon,
  LayoutDashboardIcon,
  LibraryBigIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { SectionTabs, sectionTabsUnder } from "@/components/section-tabs";

export type ComicSection = "overview" | "info" | "thumbnail" | "volumes" | "chapters" | "history";

export const COMIC_SECTIONS = sectionTabsUnder("/comics/$comicId", {
  overview: LayoutDashboardIcon,
  info: InfoIcon,
  thumbnail: ImageIcon,
  volumes: LibraryBigIcon,
  chapters: BookOpenTextIcon,
  history: HistoryIcon,
});

/** The comic's sections as tabs (components/section-tabs). */
export function ComicSectionNav({ comicId, active }: { comicId: number; active: ComicSection }) {
  const { t } = useTranslation();
  return (
    <SectionTabs
      label={t("comics.nav.label")}
      tabs={COMIC_SECTIONS}
      active={active}
      params={{ comicId: String(comicId) }}
      labelOf={(key) => t(`comics.nav.${key}`)}
    />
  );
}
