import { LANGUAGES } from "@vt/shared/constants";
import { LanguagesIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { changeLanguage, currentLanguage } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/** Compact vi/en switch for screens without the user menu (sign-in). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <fieldset className={cn("flex items-center gap-1 text-sm", className)}>
      <legend className="sr-only">{t("auth.switchLanguage")}</legend>
      <LanguagesIcon aria-hidden className="mr-1 size-4 text-muted-foreground" />
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={active === lang}
          onClick={() => void changeLanguage(lang)}
          className={cn(
            "rounded-md px-2 py-1 outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
            active === lang
              ? "bg-secondary font-medium text-secondary-foreground"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          {t(`shell.languages.${lang}`)}
        </button>
      ))}
    </fieldset>
  );
}
