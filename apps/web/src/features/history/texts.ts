/** The Vietnamese texts of the History sections (review.history) travel with them. */
import { DEFAULT_LANG } from "@vt/shared/constants";
import { addTexts } from "@/lib/i18n";
import { reviewVi } from "@/locales/vi/review";

addTexts(DEFAULT_LANG, reviewVi);
