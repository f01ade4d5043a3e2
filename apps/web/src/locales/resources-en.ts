import { en as sharedEn } from "@vt/shared/i18n/catalogue-en";
import { auth } from "./en/auth";
import { chaptersEn } from "./en/chapters";
import { comicsEn } from "./en/comics";
import { breadcrumb, common, conflict, modal, nav, shell } from "./en/common";
import { errors } from "./en/errors";
import { pages } from "./en/pages";
import { powerEn } from "./en/power";
import { reviewEn } from "./en/review";
import { teams } from "./en/teams";
import { mergeMessages } from "./merge-messages";

/** English: loaded on demand (lib/i18n), only when it is the chosen language. */
export const webEn = {
  common,
  nav,
  shell,
  breadcrumb,
  modal,
  conflict,
  pages,
  teams,
  auth,
  errors,
  ...comicsEn,
};

export const en = mergeMessages(
  mergeMessages(mergeMessages(mergeMessages(sharedEn, webEn), chaptersEn), reviewEn),
  powerEn,
);
