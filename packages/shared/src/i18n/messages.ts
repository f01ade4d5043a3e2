/**
 * The message catalogue shared by the API (server messages, 422 bodies) and
 * the web (i18next resources). Vietnamese is the default and fallback
 * language; English must have exactly the same keys (checked by the type of
 * `en` and by a test). Placeholders use i18next syntax: `{{name}}`.
 */
import { DEFAULT_LANG, LANGUAGES, type Lang } from "../constants";

import { en } from "./catalogue-en";
import { vi } from "./catalogue-vi";

export const messages = { vi, en } as const;
export type Messages = typeof vi;

/** Every dotted key of the catalogue, e.g. "validation.required" | "errors.image.checksumMismatch". */
export type MessageKey = LeafPaths<Messages>;
type LeafPaths<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : LeafPaths<T[K], `${P}${K}.`>;
}[keyof T & string];

export type TranslateParams = Record<string, unknown>;

/**
 * Feature catalogues (teams, comics, chapters...) kept in their own files so the browser only
 * downloads them with the pages that use them. The server registers all of them at start-up
 * (apps/api/src/lib/messages.ts); lookups try the base catalogue first, then each feature one.
 */
export type FeatureCatalogue = { readonly vi: object; readonly en: object };
const featureCatalogues: FeatureCatalogue[] = [];

export function registerMessages(...catalogues: FeatureCatalogue[]): void {
  for (const catalogue of catalogues) {
    if (!featureCatalogues.includes(catalogue)) featureCatalogues.push(catalogue);
  }
}

function lookupIn(root: unknown, key: string): string | undefined {
  let node: unknown = root;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

function lookup(lang: Lang, key: string): string | undefined {
  const base = lookupIn(messages[lang], key);
  if (base !== undefined) return base;
  for (const catalogue of featureCatalogues) {
    const found = lookupIn(catalogue[lang], key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Replaces `{{name}}` (spaces allowed inside the braces); unknown placeholders are left as written. */
export function interpolate(template: string, params?: TranslateParams): string {
  if (!params) return template;
  return template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

export function hasMessage(key: string, lang: Lang = DEFAULT_LANG): boolean {
  return lookup(lang, key) !== undefined;
}

/** Translates a dotted key; falls back to Vietnamese, then to the key itself. */
export function translate(lang: Lang, key: MessageKey | (string & {}), params?: TranslateParams): string {
  const template = lookup(lang, key) ?? lookup(DEFAULT_LANG, key);
  return template === undefined ? key : interpolate(template, params);
}

/**
 * Picks a supported language from a header value such as `x-custom-lang: vi`
 * or `Accept-Language: en-US,en;q=0.9`; anything else gives Vietnamese.
 */
export function resolveLang(value: string | null | undefined): Lang {
  if (!value) return DEFAULT_LANG;
  for (const part of value.split(",")) {
    const base = part.split(";")[0]!.trim().toLowerCase().split("-")[0];
    const found = LANGUAGES.find((l) => l === base);
    if (found) return found;
  }
  return DEFAULT_LANG;
}

/** The parts of a zod issue this module reads (structurally compatible with zod 4's issues). */
export type IssueLike = {
  message: string;
  path: readonly PropertyKey[];
  code?: string;
  origin?: string;
  format?: string;
  minimum?: unknown;
  maximum?: unknown;
  keys?: readonly string[];
};

/**
 * The translated name of a field from a path: its last string segment (`fields.<name>`), then the
 * earlier ones ("pages.0.url" names the pages), then `fallback` (the request part, e.g. "body"),
 * and never the raw English property name: a name without a translation reads "This field".
 * The glossary test (messages.test.ts) checks every property of every contract has a name.
 */
export function fieldLabel(path: readonly PropertyKey[], lang: Lang, fallback?: string): string {
  const names = path.filter((p): p is string => typeof p === "string").reverse();
  if (fallback) names.push(fallback);
  for (const name of names) {
    const key = `fields.${name}`;
    if (hasMessage(key, lang) || hasMessage(key)) return translate(lang, key);
  }
  return translate(lang, "fields.generic");
}

function limit(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return String(value);
}

/**
 * The catalogue key for an issue: its own message when that is a key, otherwise a key chosen by
 * zod's issue code, so zod's (or any library's) English or half-translated default text never
 * reaches a user ("Đầu vào không hợp lệ: mong đợi object, nhận được null").
 */
export function issueMessageKey(issue: IssueLike): string {
  if (hasMessage(issue.message)) return issue.message;
  const sized = issue.origin === "array" || issue.origin === "set" || issue.origin === "file";
  switch (issue.code) {
    case "invalid_type":
      // zod writes "received undefined" for an absent value: that is a missing field.
      return /\bundefined\b/.test(issue.message) ? "validation.required" : "validation.invalid";
    case "too_small":
      if (sized) return "validation.tooFewItems";
      if (issue.origin === "string")
        return Number(issue.minimum) === 1 ? "validation.required" : "validation.tooShort";
      return "validation.tooSmall";
    case "too_big":
      if (sized) return "validation.tooManyItems";
      return issue.origin === "string" ? "validation.tooLong" : "validation.tooBig";
    case "invalid_format":
      if (issue.format === "email") return "validation.emailInvalid";
      if (issue.format === "url") return "validation.linkInvalid";
      return "validation.invalid";
    case "unrecognized_keys":
      return "validation.unknownFields";
    default:
      return "validation.invalid";
  }
}

function issueParams(issue: IssueLike, lang: Lang, fallback?: string): TranslateParams {
  return {
    field: fieldLabel(issue.path, lang, fallback),
    min: limit(issue.minimum),
    max: limit(issue.maximum),
    keys: issue.keys?.map((k) => fieldLabel([k], lang)).join(", "),
  };
}

/**
 * Turns one issue into the text shown next to its field: catalogue keys are translated with
 * `{{field}}` (the field's translated name), `{{min}}`/`{{max}}` from the issue's bounds; zod's
 * default texts are replaced by the catalogue sentence for their issue code.
 */
export function zodIssueToMessage(issue: IssueLike, lang: Lang): string {
  return translate(lang, issueMessageKey(issue), issueParams(issue, lang));
}

/**
 * Messages that say what is wrong but not with which field; in a list away from the form (a 422
 * body's `errors`, a toast) they are prefixed with the field's translated name.
 */
const NEEDS_FIELD_NAME: ReadonlySet<string> = new Set([
  "validation.tooShort",
  "validation.tooLong",
  "validation.tooSmall",
  "validation.tooBig",
  "validation.tooFewItems",
  "validation.tooManyItems",
  "validation.invalid",
  "validation.linkInvalid",
]);

/**
 * One issue as a sentence that stands on its own (the `errors` of a 422 body): sentences that
 * name their subject are used as they are ("Không thể gộp truyện vào chính nó"), generic ones get
 * the translated field name first ("Twitter: Liên kết không hợp lệ"). Never a raw property name.
 * `fallback` names the request part when the issue has no path ("body", "query", "params").
 */
export function zodIssueToSentence(issue: IssueLike, lang: Lang, fallback?: string): string {
  const key = issueMessageKey(issue);
  const params = issueParams(issue, lang, fallback);
  const text = translate(lang, key, params);
  return NEEDS_FIELD_NAME.has(key) ? `${params.field}: ${text}` : text;
}

/** Translated messages for a list of zod issues, e.g. the `errors` of a 422 body. */
export function zodIssuesToMessages(issues: readonly IssueLike[], lang: Lang, fallback?: string): string[] {
  return issues.map((issue) => zodIssueToSentence(issue, lang, fallback));
}

/** The first translated message per field path ("pages.0.url"), for forms; form-level issues go under "". */
export function zodIssuesToFieldMessages(issues: readonly IssueLike[], lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".");
    out[path] ??= zodIssueToMessage(issue, lang);
  }
  return out;
}
