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
  minimum?: unknown;
  maximum?: unknown;
};

function fieldName(path: readonly PropertyKey[], lang: Lang): string {
  const last = [...path].reverse().find((p) => typeof p === "string");
  if (typeof last !== "string") return translate(lang, "fields.generic");
  const key = `fields.${last}`;
  return hasMessage(key, lang) || hasMessage(key) ? translate(lang, key) : last;
}

function limit(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * Turns one issue whose message is a catalogue key into text: `{{field}}` is
 * the translated name of the last string path segment (`fields.<name>`, or
 * the raw name when the catalogue has none), `{{min}}`/`{{max}}` come from the
 * issue's bounds. A message that is not a key (a zod default) is kept as is.
 */
export function zodIssueToMessage(issue: IssueLike, lang: Lang): string {
  if (!hasMessage(issue.message)) return issue.message;
  return translate(lang, issue.message, {
    field: fieldName(issue.path, lang),
    min: limit(issue.minimum),
    max: limit(issue.maximum),
  });
}

/** Translated messages for a list of zod issues, e.g. the `errors` of a 422 body. */
export function zodIssuesToMessages(issues: readonly IssueLike[], lang: Lang): string[] {
  return issues.map((issue) => zodIssueToMessage(issue, lang));
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
