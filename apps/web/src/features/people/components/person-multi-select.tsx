import { PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormFieldset } from "@/components/form-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { PeoplePickerProps } from "@/lib/person-pickers";
import { cn } from "@/lib/utils";
import { PersonSearchPopover } from "./person-search-list";

/**
 * Several people of one kind (a comic's authors or artists): chosen ones as removable chips, and
 * an "add" popover that searches the existing entries or offers to create the typed name. New
 * names are created by the server when the comic is saved.
 */
export function PersonMultiSelect({
  kind,
  label,
  value,
  onChange,
  error,
  disabled = false,
  max,
}: PeoplePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const exclude = {
    ids: new Set(value.flatMap((pick) => (pick.id === undefined ? [] : [pick.id]))),
    names: new Set(value.map((pick) => pick.name.trim().toLocaleLowerCase())),
  };
  const full = max !== undefined && value.length >= max;

  return (
    <FormFieldset legend={label} error={error}>
      <div
        className={cn(
          "flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border border-input bg-background px-2 py-1.5 dark:bg-input/30",
          error && "border-destructive",
          disabled && "opacity-60",
        )}
      >
        {value.map((pick) => (
          <Badge key={pick.id ?? `new-${pick.name}`} variant="secondary" className="gap-1 py-1 pr-1 text-sm">
            {pick.name}
            {pick.id === undefined && (
              <span className="rounded bg-primary/15 px-1 text-[10px] text-primary uppercase">
                {t("comics.picker.newBadge")}
              </span>
            )}
            {!disabled && (
              <button
                type="button"
                aria-label={t("comics.picker.remove", { name: pick.name })}
                onClick={() => onChange(value.filter((other) => other !== pick))}
                className="rounded-sm p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
              >
                <XIcon aria-hidden className="size-3" />
              </button>
            )}
          </Badge>
        ))}
        {!disabled && !full && (
          <PersonSearchPopover
            open={open}
            onOpenChange={setOpen}
            kind={kind}
            label={label}
            exclude={exclude}
            onChoose={(pick) => onChange([...value, pick])}
            trigger={
              <Button
                variant="ghost"
                size="sm"
                className="h-7 text-muted-foreground"
                aria-label={`${label}: ${t("comics.picker.add")}`}
              >
                <PlusIcon aria-hidden />
                {t("comics.picker.add")}
              </Button>
            }
          />
        )}
        {disabled && value.length === 0 && (
          <span className="px-1 text-muted-foreground text-sm">{t("comics.picker.selectedNone")}</span>
        )}
      </div>
    </FormFieldset>
  );
}
