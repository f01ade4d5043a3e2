/**
 * The Vietnamese texts of the /comics pages (and of the people lists) travel with those pages
 * rather than with the signed-in layout; English is loaded whole when chosen. Every /comics,
 * /authors, /artists and /characters route imports this module first.
 */
import { DEFAULT_LANG } from "@vt/shared/constants";
import { addTexts } from "@/lib/i18n";
import { comicsVi } from "@/locales/vi/comics";

addTexts(DEFAULT_LANG, comicsVi);
