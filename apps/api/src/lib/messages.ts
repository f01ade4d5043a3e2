/**
 * Server messages in the request language. Thin adapter over the shared catalogue
 * (`@vt/shared/i18n/messages`, vi default and fallback, en) plus zod's own locales for issues
 * whose message is zod's default text. The only module of the API that imports the catalogue.
 */
import type { Lang } from "@vt/shared/constants";
import { chaptersMessages } from "@vt/shared/i18n/chapters-messages";
import { comicsMessages } from "@vt/shared/i18n/comics-messages";
import { inputMessages } from "@vt/shared/i18n/input-messages";
import {
  registerMessages,
  resolveLang as sharedResolveLang,
  translate as sharedTranslate,
  zodIssueToMessage,
} from "@vt/shared/i18n/messages";
import { reviewMessages } from "@vt/shared/i18n/review-messages";
import { teamsMessages } from "@vt/shared/i18n/teams-messages";
import { tokensMessages } from "@vt/shared/i18n/tokens-messages";
import { verificationMessages } from "@vt/shared/i18n/verification-messages";
import { z } from "zod";
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
);

/** Language of server messages from `x-custom-lang` (vi unless it names en). */
export function resolveLang(header: string | string[] | undefined): Lang {
  return sharedResolveLang(Array.isArray(header) ? header[0] : header);
}

/** Translate a catalogue key (e.g. "errors.NOT_FOUND"); text that is not a key is returned as is. */
export function translate(lang: Lang, key: string, params?: Record<string, unknown>): string {
  return sharedTranslate(lang, key, params);
}

type LocaleFactory = () => { localeError: (issue: never) => unknown };
const zodLocales: Record<Lang, LocaleFactory> = {
  vi: z.locales.vi as unknown as LocaleFactory,
  en: z.locales.en as unknown as LocaleFactory,
};

function zodLocaleMessage(lang: Lang, issue: $ZodIssue): string | undefined {
  const out = zodLocales[lang]().localeError(issue as never);
  if (typeof out === "string") return out;
  if (out && typeof out === "object" && "message" in out) return String(out.message);
  return undefined;
}

/**
 * One message per zod issue, each naming its field ("title: ..." or, for catalogue messages that
 * embed the field, the translated sentence itself). zod's default texts are re-rendered in the
 * request language; custom texts in a schema are catalogue keys (translated) or kept verbatim.
 */
export function zodIssueMessages(issues: readonly $ZodIssue[], lang: Lang, fallbackField = "body"): string[] {
  return issues.map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join(".") : fallbackField;
    const template = sharedTranslate(lang, issue.message);
    if (template !== issue.message) {
      const text = zodIssueToMessage(issue, lang);
      return template.includes("{{field}}") && issue.path.length ? text : `${field}: ${text}`;
    }
    const isZodDefault = zodLocaleMessage("en", issue) === issue.message;
    const text = isZodDefault ? (zodLocaleMessage(lang, issue) ?? issue.message) : issue.message;
    return `${field}: ${text}`;
  });
}
