/** Counts as the language writes them, compact above ten thousand ("12,3 N" / "12.3K"). */
export function formatCount(value: number, lang: string): string {
  return new Intl.NumberFormat(
    lang,
    value >= 10_000 ? { notation: "compact", maximumFractionDigits: 1 } : {},
  ).format(value);
}
