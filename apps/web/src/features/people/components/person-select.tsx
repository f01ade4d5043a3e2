import { ChevronDownIcon, LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import type { CharacterPickerProps } from "@/lib/person-pickers";
import { cn } from "@/lib/utils";
import { useCreatePerson } from "../api/create-person";
import { PersonSearchPopover } from "./person-search-list";

/**
 * One person of one kind (a character of a couple), chosen by search; a new name is created at
 * once, because what is stored is the person's id.
 */
export function PersonSelect({
  kind,
  label,
  value,
  onChange,
  excludeIds = [],
  invalid = false,
}: CharacterPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const create = useCreatePerson(kind);
  return (
    <PersonSearchPopover
      open={open}
      onOpenChange={setOpen}
      kind={kind}
      label={label}
      exclude={{ ids: new Set(excludeIds), names: new Set() }}
      onChoose={async (pick) => {
        setOpen(false);
        if (pick.id !== undefined) {
          onChange({ id: pick.id, name: pick.name });
          return;
        }
        const person = await create.mutateAsync({ name: pick.name }).catch(() => undefined);
        if (person) onChange({ id: person.id, name: person.name });
      }}
      trigger={
        <Button
          variant="outline"
          aria-label={value ? `${label}: ${value.name}` : label}
          aria-invalid={invalid || undefined}
          disabled={create.isPending}
          className={cn(
            "w-full justify-between font-normal",
            !value && "text-muted-foreground",
            invalid && "border-destructive",
          )}
        >
          <span className="truncate">{value?.name ?? t("comics.couples.pick")}</span>
          {create.isPending ? (
            <LoaderCircleIcon aria-hidden className="animate-spin" />
          ) : (
            <ChevronDownIcon aria-hidden className="opacity-50" />
          )}
        </Button>
      }
    />
  );
}
