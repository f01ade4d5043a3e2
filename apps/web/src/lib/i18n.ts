import { DEFAULT_LANG, LANGUAGES, type Lang } from "@vt/shared/constants";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { resources } from "@/locales/resources";

export const LANGUAGE_STORAGE_KEY = "vt-language";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Lang {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLang(stored) ? stored : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

function applyDocumentLanguage(lang: string) {
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  defaultNS: "translation",
  ns: ["translation"],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

applyDocumentLanguage(i18n.language);
i18n.on("languageChanged", applyDocumentLanguage);

/** The language the interface currently shows (always one of LANGUAGES). */
export function currentLanguage(): Lang {
  return isLang(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANG;
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLanguage(lang: Lang) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or full storage: the switch still applies to this visit.
  }
  await i18n.changeLanguage(lang);
}

export { i18n };
