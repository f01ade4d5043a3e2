/**
 * The Vietnamese texts of the /teams pages travel with those pages rather than with the signed-in
 * layout (the dashboard home's download budget); English is loaded whole when chosen. Every
 * /teams route imports this module first.
 */
import { DEFAULT_LANG } from "@vt/shared/constants";
import { addTexts } from "@/lib/i18n";
import { teams } from "@/locales/vi/teams";

addTexts(DEFAULT_LANG, { teams });
