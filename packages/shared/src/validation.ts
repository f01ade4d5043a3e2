/**
 * Validation building blocks (docs/dashboard.md, "Forms and their messages"). Every error message
 * is an i18n KEY (see i18n/messages.ts), never text: the API turns them into sentences with
 * `zodIssuesToMessages`, the web with its own `t`.
 */
import { z } from "zod";
import { CHAPTER_ORDER_ONESHOT, EMAIL_REGEX } from "./constants";
import type { MessageKey } from "./i18n/messages";

export {
  fileCountProblem,
  imageFileProblem,
  isScheduleInFuture,
  isValidCoverSize,
  type ValidationProblem,
} from "./validation-rules";

/**
 * An optional http(s) scheme, a domain with a top-level domain of at least 2
 * letters (optional port), and an optional path, query or fragment.
 * Examples: "example.com", "https://www.facebook.com/groups/vuon-truyen?ref=1".
 */
export const URL_REGEX =
  /^(?:https?:\/\/)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

const key = (k: MessageKey) => k;

/** A string that must not be blank once trimmed; missing or non-string input reports the same key. */
export function zRequiredString(message: MessageKey = "validation.required") {
  return z
    .string({ error: () => key(message) })
    .trim()
    .min(1, { error: key(message) });
}

/** A required e-mail address, trimmed and lower-cased. */
export const zEmail = z
  .string({ error: () => key("validation.required") })
  .trim()
  .min(1, { error: key("validation.required") })
  .regex(EMAIL_REGEX, { error: key("validation.emailInvalid") })
  .transform((v) => v.toLowerCase());

/** An optional link: empty string, null or missing is allowed and stays "", anything else must match URL_REGEX. */
export const zOptionalUrl = z
  .string({ error: () => key("validation.linkInvalid") })
  .trim()
  .refine((v) => v === "" || URL_REGEX.test(v), { error: key("validation.linkInvalid") })
  .nullish()
  .transform((v) => v ?? "");

/** An optional free-text string; blank becomes "" so that "no value" has one representation. */
export function zOptionalString(max?: number) {
  const base = z.string({ error: () => key("validation.invalid") }).trim();
  return (max === undefined ? base : base.max(max, { error: key("validation.tooLong") }))
    .optional()
    .transform((v) => v ?? "");
}

/** Chapter order: a finite number >= 0, or -1 for a oneshot (decimals such as 12.5 allowed). */
export const zChapterOrder = z
  .number({ error: () => key("validation.chapterOrderInvalid") })
  .refine((n) => Number.isFinite(n) && (n >= 0 || n === CHAPTER_ORDER_ONESHOT), {
    error: key("validation.chapterOrderInvalid"),
  });

/** A non-empty reason for delete, merge and permission requests. */
/**
 * The version a save was based on (optimistic concurrency): the server answers 409
 * 'errors.VERSION_CONFLICT' when the record has changed since. Optional so that older clients keep
 * working; the dashboard always sends it.
 */
export const zBaseVersion = z
  .number({ error: () => "validation.invalid" })
  .int({ error: "validation.invalid" })
  .min(1, { error: "validation.invalid" })
  .optional();

export const zReason = zRequiredString("validation.reasonRequired");
