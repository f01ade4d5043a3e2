/**
 * Text and dates the database cannot hold, refused for every schema in one place: a
 * NUL character or a lone UTF-16 surrogate anywhere in a request (any field, any depth, query
 * strings such as `search` included), and dates outside the years 1..9999. Each problem is a
 * zod-shaped issue whose message is a catalogue key naming the field (`{{field}}`), so the API's
 * 422 body and the web's forms translate it like any other.
 * The API runs `unsafeTextIssues` on every request part before its schema (apps/api/src/lib/validation.ts).
 *
 * Nesting is bounded too: a JSON body nested thousands of levels deep overflowed the
 * stack of any recursive walk (a 500) and held the main thread. The API scans the raw text with
 * `jsonNestingExceeds` before parsing it, and the walk below stops at MAX_JSON_DEPTH regardless.
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

/** Deepest nesting of arrays and objects a request may hold (the contracts need a handful of levels). */
export const MAX_JSON_DEPTH = 32;

/**
 * True when JSON text nests arrays and objects deeper than `max`: one pass over the raw text, no
 * parse, no recursion, stopping at the first level too deep. Brackets inside strings do not count.
 */
export function jsonNestingExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string is skipped whole: it ends at the first quote not escaped by an odd run of backslashes.
      for (;;) {
        const end = text.indexOf('"', i + 1);
        if (end < 0) return false; // unterminated: the parser refuses it
        let slashes = 0;
        for (let j = end - 1; text.charCodeAt(j) === 0x5c; j--) slashes++;
        i = end;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

export type InputIssue = {
  code: "custom";
  path: PropertyKey[];
  message: "input.controlCharacter" | "input.tooDeep";
  input: unknown;
  maximum?: number;
};

/** The issue for a value (or the whole body, path []) nested deeper than MAX_JSON_DEPTH. */
export function tooDeepIssue(path: PropertyKey[] = []): InputIssue {
  return { code: "custom", path, message: "input.tooDeep", input: undefined, maximum: MAX_JSON_DEPTH };
}

/**
 * Every string (value or object key) in `value` that hasUnsafeText, as zod-shaped issues; a value
 * nested deeper than MAX_JSON_DEPTH is one `input.tooDeep` issue (the walk never goes further).
 */
export function unsafeTextIssues(
  value: unknown,
  path: PropertyKey[] = [],
  out: InputIssue[] = [],
): InputIssue[] {
  // An array or object here would be level MAX_JSON_DEPTH + 1.
  if (
    path.length >= MAX_JSON_DEPTH &&
    value !== null &&
    typeof value === "object" &&
    !ArrayBuffer.isView(value)
  ) {
    out.push(tooDeepIssue(path));
    return out;
  }
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
