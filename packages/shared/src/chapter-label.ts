/**
 * The chapter label rule (docs/dashboard.md, "Chapter label"), expressed through i18n keys so the
 * web (i18next) and the server (`translate`) render the same text:
 * - hideOrder: the name only;
 * - oneshot (order -1): "Oneshot - {name}" or "Oneshot";
 * - otherwise: "Chapter {order} - {name}" or "Chapter {order}".
 * A name made only of whitespace counts as no name.
 */
import { CHAPTER_ORDER_ONESHOT } from "./constants";

export type ChapterLabelInput = {
  name?: string | null;
  order: number;
  hideOrder?: boolean | null;
};

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Prints an order the way readers see it: 12 -> "12", 12.5 -> "12.5" (no trailing zeros, no exponent). */
export function formatChapterOrder(order: number): string {
  if (!Number.isFinite(order)) return String(order);
  // Round away binary noise such as 12.499999999 without forcing trailing zeros.
  const rounded = Math.round(order * 1e6) / 1e6;
  return rounded.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 6 });
}

export function isOneshot(order: number): boolean {
  return order === CHAPTER_ORDER_ONESHOT;
}

export function chapterLabel(ch: ChapterLabelInput, t: Translate): string {
  const name = ch.name?.trim() ?? "";
  if (ch.hideOrder) {
    // A hidden order with no name is rejected by validation (validation.hiddenOrderNeedsTitle);
    // for legacy rows fall back to the numbered label rather than an empty string.
    if (name) return name;
  }
  if (isOneshot(ch.order)) {
    return name ? t("chapter.label.oneshotNamed", { name }) : t("chapter.label.oneshot");
  }
  const order = formatChapterOrder(ch.order);
  return name ? t("chapter.label.numberedNamed", { order, name }) : t("chapter.label.numbered", { order });
}
