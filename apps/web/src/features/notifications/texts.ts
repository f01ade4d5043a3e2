/** The Vietnamese texts the notification centre uses (review texts; request kinds from comics). */
import { DEFAULT_LANG } from "@vt/shared/constants";
import { addTexts } from "@/lib/i18n";
import { comicsVi } from "@/locales/vi/comics";
import { reviewVi } from "@/locales/vi/review";

addTexts(DEFAULT_LANG, comicsVi);
addTexts(DEFAULT_LANG, reviewVi);
