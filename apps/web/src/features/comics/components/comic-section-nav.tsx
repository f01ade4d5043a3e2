import {
  BookOpenTextIcon,
  HistoryIcon,
  ImageIcon,
  InfoIcon,
  LayoutDashboardIcon,
  LibraryBigIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { type SectionTab, SectionTabs } from "@/components/section-tabs";

export type ComicSection = "overview" | "info" | "thumbnail" | "volumes" | "chapters" | "history";

/** `to` stays a literal union so shortcut cards can link with typed params. */
type SectionLink = SectionTab<ComicSection> & {
  to:
    | "/comics/$comicId"
    | "/comics/$comicId/info"
    | "/comics/$comicId/thumbnail"
    | "/comics/$comicId/volumes"
    | "/comics/$comicId/chapters"
    | "/comics/$comicId/history";
};

export const COMIC_SECTIONS: readonly SectionLink[] = [
  { key: "overview", to: "/comics/$comicId", icon: LayoutDashboardIcon },
  { key: "info", to: "/comics/$comicId/info", icon: InfoIcon },
  { key: "thumbnail", to: "/comics/$comicId/thumbnail", icon: ImageIcon },
  { key: "volumes", to: "/comics/$comicId/volumes", icon: LibraryBigIcon },
  { key: "chapters", to: "/comics/$comicId/chapters", icon: BookOpenTextIcon },
  { key: "history", to: "/comics/$comicId/history", icon: HistoryIcon },
];

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
