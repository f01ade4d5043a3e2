/**
 * The Vietnamese texts of /requests, /admin, notifications, trash and history travel with those
 * pages; the comics texts come too (request kinds and statuses live there).
 */
import { DEFAULT_LANG } from "@vt/shared/constants";
import { addTexts } from "@/lib/i18n";
import { comicsVi } from "@/locales/vi/comics";
import { reviewVi } from "@/locales/vi/review";

addTexts(DEFAULT_LANG, comicsVi);
addTexts(DEFAULT_LANG, reviewVi);
