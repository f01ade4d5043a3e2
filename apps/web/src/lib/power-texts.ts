/** The Vietnamese texts of the power tools (tokens, bulk import, publish delay) travel with their pages. */
import { DEFAULT_LANG } from "@vt/shared/constants";
import { addTexts } from "@/lib/i18n";
import { powerVi } from "@/locales/vi/power";

addTexts(DEFAULT_LANG, powerVi);
