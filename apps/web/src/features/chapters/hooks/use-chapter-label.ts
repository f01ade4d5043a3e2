import { type ChapterLabelInput, chapterLabel, type Translate } from "@vt/shared/chapter-label";
import { useTranslation } from "react-i18next";

/**
 * `t` for keys computed at run time (catalogue keys carried by validation problems and the shared
 * label rule): i18next's typed `t` only accepts literal keys.
 */
export function useLooseT(): Translate {
  const { t } = useTranslation();
  return t as unknown as Translate;
}

/** The label of a chapter (docs/dashboard.md, "Chapter label") in the interface language. */
export function useChapterLabel() {
  const t = useLooseT();
  return (chapter: ChapterLabelInput) => chapterLabel(chapter, t);
}
