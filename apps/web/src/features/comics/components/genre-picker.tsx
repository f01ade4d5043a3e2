import { GENRES } from "@vt/shared/genres";
import { CheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormFieldset } from "@/components/form-field";
import { currentLanguage } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/** The seeded genres as toggle chips, named in the interface language. */
export function GenrePicker({
  label,
  value,
  onChange,
  disabled = false,
  error,
}: {
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  error?: string;
}) {
  useTranslation(); // re-render on language change: the names below depend on it
  const lang = currentLanguage();
  const chosen = new Set(value);
  return (
    <FormFieldset legend={label} error={error}>
      <div className="flex flex-wrap gap-1.5">
        {GENRES.map((genre) => {
          const on = chosen.has(genre.slug);
          return (
            <button
              key={genre.slug}
              type="button"
              aria-pressed={on}
              disabled={disabled}
              onClick={() =>
                onChange(on ? value.filter((slug) => slug !== genre.slug) : [...value, genre.slug])
              }
              className={cn(
                "inline-flex h-7 items-center gap-1 rounded-full border px-2.5 text-xs outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60",
                on
                  ? "border-primary bg-primary text-primary-foreground"
                  : "bg-background text-foreground hover:border-primary/50 hover:bg-accent",
              )}
            >
              {on && <CheckIcon aria-hidden className="size-3" />}
              {genre.name[lang]}
            </button>
          );
        })}
      </div>
    </FormFieldset>
  );
}
