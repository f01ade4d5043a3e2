import type { TPageCheckFinding } from "@vt/shared/contracts/page-checks";
import { useTranslation } from "react-i18next";
import { useChapterLabel } from "./use-chapter-label";

/**
 * The sentence of a finding and its hint, in the interface language (docs/page-checks.md): the
 * chapter editor's page checks card and, for the kinds they share the words of, the bulk import preview.
 */
export function useFindingText() {
  const { t } = useTranslation();
  const label = useChapterLabel();
  return (f: TPageCheckFinding, positions: number[]) => {
    const pages = positions.join(", ");
    switch (f.kind) {
      case "duplicate":
        return { title: t("chapters.checks.duplicate", { pages }), hint: t("chapters.checks.duplicateHint") };
      case "otherChapter":
        return {
          title: t("chapters.checks.otherChapter", {
            matched: positions.length,
            total: f.total ?? positions.length,
            chapter: f.chapter ? label(f.chapter) : "",
          }),
          hint:
            positions.length === 1
              ? t("chapters.checks.otherChapterHintOne")
              : t("chapters.checks.otherChapterHintMany"),
        };
      case "blank":
        return { title: t("chapters.checks.blank", { pages }), hint: t("chapters.checks.blankHint") };
      case "width":
        return {
          title: t("chapters.checks.width", { pages, width: f.width, median: f.medianWidth }),
          hint: t("chapters.checks.widthHint"),
        };
      case "narrow":
        return {
          title: t("chapters.checks.narrow", { pages, width: f.width, min: f.minWidth }),
          hint: t("chapters.checks.narrowHint"),
        };
      case "credit":
        return {
          title: t("chapters.checks.credit", { pages, team: f.team?.name ?? "" }),
          hint: t("chapters.checks.creditHint"),
        };
    }
  };
}
