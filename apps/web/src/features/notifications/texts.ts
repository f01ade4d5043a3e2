/** The Vietnamese texts the notification bell uses (its own; the list adds ./list-texts). */
import { DEFAULT_LANG } from "@vt/shared/constants";
import { addTexts } from "@/lib/i18n";
import { notificationsVi } from "@/locales/vi/notifications";

addTexts(DEFAULT_LANG, notificationsVi);
