/**
 * The Vietnamese texts of the /teams pages travel with those pages rather than with the signed-in
 * layout (the dashboard home's download budget); English is loaded whole when chosen. Every
 * /teams route imports this module first.
 */
import { DEFAULT_LANG } from "@vt/shared/constants";
import { chaptersMessages } from "@vt/shared/i18n/chapters-messages";
import { comicsMessages } from "@vt/shared/i18n/comics-messages";
import { addTexts } from "@/lib/i18n";
import { teams } from "@/locales/vi/teams";

// The activity lists the fields an update changed, comics' and chapters' too (as English does).
addTexts(DEFAULT_LANG, { teams, fields: { ...comicsMessages.vi.fields, ...chaptersMessages.vi.fields } });
