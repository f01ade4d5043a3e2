import { messages } from "@vt/shared/i18n/messages";
import { auth as enAuth } from "./en/auth";
import {
  breadcrumb as enBreadcrumb,
  common as enCommon,
  modal as enModal,
  nav as enNav,
  shell as enShell,
} from "./en/common";
import { errors as enErrors } from "./en/errors";
import { pages as enPages } from "./en/pages";
import { auth as viAuth } from "./vi/auth";
import {
  breadcrumb as viBreadcrumb,
  common as viCommon,
  modal as viModal,
  nav as viNav,
  shell as viShell,
} from "./vi/common";
import { errors as viErrors } from "./vi/errors";
import { pages as viPages } from "./vi/pages";

/**
 * The web app's own texts. Each top-level key is a section (`t("nav.comics")`, `t("pages.home.title")`).
 * Vietnamese is the source of truth; English files are typed against it.
 */
export const webVi = {
  common: viCommon,
  nav: viNav,
  shell: viShell,
  breadcrumb: viBreadcrumb,
  modal: viModal,
  pages: viPages,
  auth: viAuth,
  errors: viErrors,
};

export const webEn = {
  common: enCommon,
  nav: enNav,
  shell: enShell,
  breadcrumb: enBreadcrumb,
  modal: enModal,
  pages: enPages,
  auth: enAuth,
  errors: enErrors,
};

type Tree = { readonly [key: string]: string | Tree };

/** Deep merge of two message trees; the web's own texts are added beside the shared catalogue's. */
export function mergeMessages<A extends Tree, B extends Tree>(shared: A, own: B): A & B {
  const out: Record<string, string | Tree> = { ...shared };
  for (const [key, value] of Object.entries(own)) {
    const existing = out[key];
    out[key] =
      typeof value === "object" && typeof existing === "object" ? mergeMessages(existing, value) : value;
  }
  return out as A & B;
}

/**
 * The shared catalogue (`@vt/shared/i18n/messages`: validation, errors, success, fields, chapter,
 * comicStatus, comicSort — the same texts the API uses) merged with the web's own sections.
 */
export const vi = mergeMessages(messages.vi, webVi);
export const en = mergeMessages(messages.en, webEn);

export const resources = {
  vi: { translation: vi },
  en: { translation: en },
};
