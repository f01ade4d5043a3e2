/** The Vietnamese texts the notification bell uses (review texts; the list adds ./list-texts). */
import { DEFAULT_LANG } from "@vt/shared/constants";
import { addTexts } from "@/lib/i18n";
import { reviewVi } from "@/locales/vi/review";

addTexts(DEFAULT_LANG, reviewVi);
