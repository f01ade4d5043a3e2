import { HeartIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import type { CharacterPickerProps, PersonRef } from "@/lib/person-pickers";

type Couple = [PersonRef | null, PersonRef | null];

/** The couples of a doujinshi: rows of two character pickers. */
export function CouplesEditor({
  value,
  onChange,
  Character,
  disabled = false,
  error,
  max,
}: {
  value: Couple[];
  onChange: (value: Couple[]) => void;
  Character: React.ComponentType<CharacterPickerProps>;
  disabled?: boolean;
  error?: string;
  max: number;
}) {
  const { t } = useTranslation();
  const set = (index: number, side: 0 | 1, person: PersonRef) =>
    onChange(
      value.map((couple, i) =>
        i === index ? (side === 0 ? [person, couple[1]] : [couple[0], person]) : couple,
      ),
    );

  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="mb-1 font-medium text-sm">{t("comics.couples.title")}</legend>
      <p className="text-muted-foreground text-xs">{t("comics.couples.hint")}</p>
      {value.length === 0 && <p className="text-muted-foreground text-sm">{t("comics.couples.empty")}</p>}
      <ol className="grid gap-2">
        {value.map((couple, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: couples are edited in place; their position is their identity
          <li key={index} className="flex items-center gap-2">
            <div className="grid flex-1 gap-2 sm:grid-cols-[1fr_auto_1fr] sm:items-center">
              <Character
                kind="character"
                label={`${t("comics.couples.first")} (${index + 1})`}
                value={couple[0]}
                onChange={(person) => set(index, 0, person)}
                excludeIds={couple[1] ? [couple[1].id] : []}
                invalid={Boolean(error) && !couple[0]}
              />
              <HeartIcon aria-hidden className="mx-auto size-4 text-blossom max-sm:hidden" />
              <Character
                kind="character"
                label={`${t("comics.couples.second")} (${index + 1})`}
                value={couple[1]}
                onChange={(person) => set(index, 1, person)}
                excludeIds={couple[0] ? [couple[0].id] : []}
                invalid={Boolean(error) && !couple[1]}
              />
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("comics.couples.remove", { index: index + 1 })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <Trash2Icon aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      {value.length < max && (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => onChange([...value, [null, null]])}
        >
          <PlusIcon aria-hidden />
          {t("comics.couples.add")}
        </Button>
      )}
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
