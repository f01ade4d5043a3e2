/**
 * The Vietnamese texts of /requests, /admin, notifications, trash and history travel with those
 * pages; the comics texts come too (request kinds and statuses live there).
 */
import "@/features/comics/texts";
import { DEFAULT_LANG } from "@vt/shared/constants";
import { addTexts } from "@/lib/i18n";
import { reviewVi } from "@/locales/vi/review";

addTexts(DEFAULT_LANG, reviewVi);
