/** Dates as the interface language writes them ("12 thg 3, 2025" / "Mar 12, 2025"). */
export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(lang, { day: "numeric", month: "short", year: "numeric" }).format(date);
}

/** Counts as the language writes them, compact above ten thousand ("12,3 N" / "12.3K"). */
export function formatCount(value: number, lang: string): string {
  return new Intl.NumberFormat(
    lang,
    value >= 10_000 ? { notation: "compact", maximumFractionDigits: 1 } : {},
  ).format(value);
}
