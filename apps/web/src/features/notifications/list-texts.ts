/** The Vietnamese texts the notification list adds: request kinds and statuses (from comics). */
import { DEFAULT_LANG } from "@vt/shared/constants";
import { addTexts } from "@/lib/i18n";
import { comicsVi } from "@/locales/vi/comics";

addTexts(DEFAULT_LANG, comicsVi);
