import { DEFAULT_LANG, LANGUAGES, type Lang } from "@vt/shared/constants";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { viFirstLoad } from "@/locales/resources-vi";

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

/**
 * Vietnamese (default and fallback) ships with the first download; other languages are fetched
 * when chosen, so a Vietnamese visitor never downloads the English tables.
 */
const loaders: Partial<Record<Lang, () => Promise<object>>> = {
  en: () => import("@/locales/resources-en").then((module) => module.en),
};

async function ensureLanguageLoaded(lang: Lang): Promise<void> {
  const load = loaders[lang];
  if (!load || i18n.hasResourceBundle(lang, "translation")) return;
  i18n.addResourceBundle(lang, "translation", await load(), true, true);
}

const initialLanguage = readStoredLanguage();

i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LANG]: { translation: viFirstLoad } },
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  defaultNS: "translation",
  ns: ["translation"],
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

applyDocumentLanguage(i18n.language);
i18n.on("languageChanged", applyDocumentLanguage);

/** Settles when the remembered language is loaded and active (main.tsx waits for it to render). */
export const i18nReady: Promise<void> =
  initialLanguage === DEFAULT_LANG
    ? Promise.resolve()
    : ensureLanguageLoaded(initialLanguage)
        .then(() => i18n.changeLanguage(initialLanguage))
        .then(
          () => undefined,
          () => undefined, // Could not fetch it: the interface stays in Vietnamese.
        );

/**
 * Adds texts shipped with a later chunk (e.g. the signed-in sections, see locales/resources-vi)
 * to a language already loaded. Deep merge: existing sections keep their other keys.
 */
export function addTexts(lang: Lang, texts: object) {
  i18n.addResourceBundle(lang, "translation", texts, true, true);
}

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
  await ensureLanguageLoaded(lang);
  await i18n.changeLanguage(lang);
}

export { i18n };
