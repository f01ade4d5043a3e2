/** Dates as the interface language writes them ("12 thg 3, 2025" / "Mar 12, 2025"). */
export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return "";
  const date = new Date(value.length === 10 ? `${value}T00:00:00` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(lang, { day: "numeric", month: "short", year: "numeric" }).format(date);
}

/** "5 phút trước" / "5 minutes ago", falling back to the date after a week. */
export function formatRelative(value: string, lang: string, now: number = Date.now()): string {
  const date = new Date(value);
  const seconds = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  if (abs < 60) return rtf.format(seconds, "second");
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86_400) return rtf.format(Math.round(seconds / 86_400), "day");
  return formatDate(value, lang);
}

/** Two letters for an avatar or logo fallback ("Hoa Mai" -> "HM"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [...(words[0] ?? "")].slice(0, 2);
  return letters.join("").toLocaleUpperCase() || "?";
}
