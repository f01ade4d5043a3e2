/**
 * Text and dates the database cannot hold, refused for every schema in one place (issue 9): a
 * NUL character or a lone UTF-16 surrogate anywhere in a request (any field, any depth, query
 * strings such as `search` included), and dates outside the years 1..9999. Each problem is a
 * zod-shaped issue whose message is a catalogue key naming the field (`{{field}}`), so the API's
 * 422 body and the web's forms translate it like any other.
 * The API runs `unsafeTextIssues` on every request part before its schema (apps/api/src/lib/validation.ts).
 */
/** The latest instant the platform stores (end of year 9999, UTC) and the earliest (year 1). */
export const MAX_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const MIN_DATE_MS = new Date("0001-01-01T00:00:00.000Z").getTime();

/** True for epoch milliseconds PostgreSQL and JSON round-trip as a normal date (years 1..9999). */
export function isRepresentableDate(ms: number): boolean {
  return Number.isFinite(ms) && ms >= MIN_DATE_MS && ms <= MAX_DATE_MS;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is refused.
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string holds a NUL or a lone surrogate (text no database column can store). */
export function hasUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

export type InputIssue = {
  code: "custom";
  path: PropertyKey[];
  message: "input.controlCharacter";
  input: unknown;
};

/** Every string (value or object key) in `value` that hasUnsafeText, as zod-shaped issues. */
export function unsafeTextIssues(
  value: unknown,
  path: PropertyKey[] = [],
  out: InputIssue[] = [],
): InputIssue[] {
  if (typeof value === "string") {
    if (hasUnsafeText(value))
      out.push({ code: "custom", path, message: "input.controlCharacter", input: value });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      unsafeTextIssues(item, [...path, index], out);
    });
  } else if (value !== null && typeof value === "object" && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (hasUnsafeText(key)) {
        out.push({ code: "custom", path, message: "input.controlCharacter", input: key });
        continue;
      }
      unsafeTextIssues(item, [...path, key], out);
    }
  }
  return out;
}
