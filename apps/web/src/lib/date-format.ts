/**
 * The one date format of the dashboard, per language (docs/dashboard.md, "Dates"): Vietnamese
 * writes "23/11/2026 17:54", English "23 Nov 2026, 17:54" (day first with the month in words, so it
 * cannot be read as 11 March). Dates without a time drop the time the same way ("23/11/2026",
 * "23 Nov 2026"). Written out rather than left to `Intl`, whose output differs by engine and locale
 * data; every date shown in the web goes through here.
 */

const EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export type DateValue = Date | number | string | null | undefined;

const pad = (n: number) => String(n).padStart(2, "0");

/** A date-only "yyyy-mm-dd" is a calendar day (local), not UTC midnight. */
function toDate(value: DateValue): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date =
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00`)
      : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function day(date: Date, lang: string): string {
  return lang === "en"
    ? `${date.getDate()} ${EN_MONTHS[date.getMonth()]} ${date.getFullYear()}`
    : `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** "23/11/2026" / "23 Nov 2026"; "" for no date, the text itself when it is not a date. */
export function formatDate(value: DateValue, lang: string): string {
  const date = toDate(value);
  if (!date) return typeof value === "string" ? value : "";
  return day(date, lang);
}

/** "23/11/2026 17:54" / "23 Nov 2026, 17:54" (local time, 24 h). */
export function formatDateTime(value: DateValue, lang: string): string {
  const date = toDate(value);
  if (!date) return typeof value === "string" ? value : "";
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return lang === "en" ? `${day(date, lang)}, ${time}` : `${day(date, lang)} ${time}`;
}

/** "5 phút trước" / "5 minutes ago" within a week, then the date and time. */
export function formatRelative(value: DateValue, lang: string, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return "";
  const seconds = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  if (abs < 60) return rtf.format(seconds, "second");
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86_400) return rtf.format(Math.round(seconds / 86_400), "day");
  return formatDateTime(date, lang);
}

/**
 * The text of a date-time field, in both languages: "15/01/2027 20:00" (day first, 24 h, local
 * time), as the dashboard writes dates; "" for no date. The browser's own `datetime-local` input
 * follows the browser's locale instead ("01/15/2027, 08:00 PM"), so the dashboard does not use it.
 */
export function toDateTimeField(value: DateValue): string {
  const date = toDate(value);
  if (!date) return "";
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A date-time field's text -> epoch ms (local time), or null when it is not a real date and time.
 * Accepts what people type: one or two digits for day, month and hour ("5/1/2027 8:00"), "/", "-"
 * or "." between the date's parts, and a space (or ", ") before the time.
 */
export function parseDateTimeField(text: string): number | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}),?\s+(\d{1,2})[:h.](\d{2})$/i.exec(text.trim());
  if (!match) return null;
  const [day, month, year, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hours > 23 || minutes > 59) return null;
  const date = new Date(year, month - 1, day, hours, minutes);
  // 31/02 rolls over to March: not a real day.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.getTime();
}

/** A calendar day's "yyyy-mm-dd" (how the API sends one) -> the field's "15/01/2027"; "" for none. */
export function toDateField(value: DateValue): string {
  const date = toDate(value);
  if (!date) return "";
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A date field's text ("15/01/2027", "5/1/2027", "05-01-2027") -> "yyyy-mm-dd", or null when it is not a real day. */
export function parseDateField(text: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}
