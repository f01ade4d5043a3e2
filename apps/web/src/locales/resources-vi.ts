import { vi as sharedVi } from "@vt/shared/i18n/catalogue-vi";
import { mergeMessages } from "./merge-messages";
import type { signedInVi } from "./resources-vi-signed-in";
import { auth } from "./vi/auth";
import type { chaptersVi } from "./vi/chapters";
import type { comicsVi } from "./vi/comics";
import { common, modal, shell } from "./vi/common";
import { errors } from "./vi/errors";
import type { powerVi } from "./vi/power";
import type { reviewVi } from "./vi/review";
import type { teams } from "./vi/teams";

/**
 * Vietnamese, the default and fallback language. Each top-level key is a section
 * (`t("nav.comics")`, `t("pages.home.title")`); Vietnamese is the source of truth and English
 * files are typed against it. The shared catalogue (`@vt/shared/i18n/messages`: validation,
 * errors, success, fields, chapter, comicStatus, comicSort, the same texts the API uses) is merged
 * with the web's own sections.
 *
 * Split in two for the first download: these sections ship with every page; the signed-in
 * sections (./resources-vi-signed-in: nav, breadcrumb, pages) ship with the signed-in layout.
 */
export const viFirstLoad = mergeMessages(sharedVi, { common, shell, modal, auth, errors });

/** The whole Vietnamese table, as i18next's typed `t` sees it (`teams` ships with the /teams pages, the
 * comics texts with the /comics and people pages). */
export type ViTranslation = typeof viFirstLoad &
  typeof signedInVi & { teams: typeof teams } & typeof comicsVi &
  typeof chaptersVi &
  typeof reviewVi &
  typeof powerVi;
