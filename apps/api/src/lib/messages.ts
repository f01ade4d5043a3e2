/**
 * Server messages in the request language. Thin adapter over the shared catalogue
 * (`@vt/shared/i18n/messages`, vi default and fallback, en). The only module of the API that
 * imports the catalogue.
 */
import type { Lang } from "@vt/shared/constants";
import { chaptersMessages } from "@vt/shared/i18n/chapters-messages";
import { comicsMessages } from "@vt/shared/i18n/comics-messages";
import { inputMessages } from "@vt/shared/i18n/input-messages";
import {
  registerMessages,
  resolveLang as sharedResolveLang,
  translate as sharedTranslate,
  zodIssuesToMessages,
} from "@vt/shared/i18n/messages";
import { reviewMessages } from "@vt/shared/i18n/review-messages";
import { teamsMessages } from "@vt/shared/i18n/teams-messages";
import { tokensMessages } from "@vt/shared/i18n/tokens-messages";
import { verificationMessages } from "@vt/shared/i18n/verification-messages";
import { webhooksMessages } from "@vt/shared/i18n/webhooks-messages";
import type { $ZodIssue } from "zod/v4/core";

export type { Lang };

// The server answers in every feature's words; the browser loads feature texts with their pages.
registerMessages(
  teamsMessages,
  comicsMessages,
  chaptersMessages,
  reviewMessages,
  inputMessages,
  tokensMessages,
  verificationMessages,
  webhooksMessages,
);

/** Language of server messages from `x-custom-lang` (vi unless it names en). */
export function resolveLang(header: string | string[] | undefined): Lang {
  return sharedResolveLang(Array.isArray(header) ? header[0] : header);
}

/** Translate a catalogue key (e.g. "errors.NOT_FOUND"); text that is not a key is returned as is. */
export function translate(lang: Lang, key: string, params?: Record<string, unknown>): string {
  return sharedTranslate(lang, key, params);
}

/**
 * One message per zod issue for a 422 body: translated sentences that name their field in words
 * ("Tiêu đề là bắt buộc", "Twitter: Liên kết không hợp lệ"), never the raw property name nor zod's
 * own default text (docs/glossary.md, "Rules the tests hold"). `fallbackField` names the request
 * part of path-less issues.
 */
export function zodIssueMessages(issues: readonly $ZodIssue[], lang: Lang, fallbackField = "body"): string[] {
  return zodIssuesToMessages(issues, lang, fallbackField);
}
