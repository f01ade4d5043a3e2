/** Dates of the chapter pages in the interface language ("22/11/2026, 15:30" / "11/22/2026, 3:30 PM"). */
export function formatDateTime(ms: number, lang: string): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "vi-VN", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(ms));
}

export function formatDate(ms: number, lang: string): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "vi-VN", { dateStyle: "medium" }).format(
    new Date(ms),
  );
}
