/**
 * The Vietnamese texts of the chapter pages travel with those pages rather than with the signed-in
 * layout (the dashboard home's download budget); English is loaded whole when chosen. Both chapter
 * routes import this module first.
 */
import { DEFAULT_LANG } from "@vt/shared/constants";
import { addTexts } from "@/lib/i18n";
import { chaptersVi } from "@/locales/vi/chapters";

addTexts(DEFAULT_LANG, chaptersVi);
