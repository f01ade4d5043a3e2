import type { TPersonKind } from "@vt/shared/contracts/people";
import { PlusIcon } from "lucide-react";
import { type KeyboardEvent, type ReactElement, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PickerStatus } from "@/components/picker-status";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import type { PersonPick } from "@/lib/person-pickers";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";
import { usePeople } from "../api/get-people";

const RESULT_LIMIT = 8;
const normalise = (text: string) => text.trim().toLocaleLowerCase();

/**
 * The searchable list inside a person picker (a combobox: type, arrows, Enter). Searches the
 * server (accent-insensitive) and offers to create the typed name when no entry has exactly it.
 */
export function PersonSearchList({
  kind,
  label,
  exclude,
  onChoose,
  allowCreate = true,
}: {
  kind: TPersonKind;
  label: string;
  /** Ids and lower-cased names already chosen: not offered again. */
  exclude: { ids: ReadonlySet<number>; names: ReadonlySet<string> };
  onChoose: (pick: PersonPick) => void;
  allowCreate?: boolean;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(query.trim());
  const people = usePeople({ kind, page: 1, limit: RESULT_LIMIT, search: search || undefined });

  const found = (people.data?.people ?? []).filter((person) => !exclude.ids.has(person.id));
  const typed = query.trim();
  const exact = (people.data?.people ?? []).some((person) => normalise(person.name) === normalise(typed));
  const options: { key: string; pick: PersonPick; create: boolean }[] = found.map((person) => ({
    key: `id-${person.id}`,
    pick: { id: person.id, name: person.name },
    create: false,
  }));
  if (allowCreate && typed && !exact && !exclude.names.has(normalise(typed))) {
    options.push({ key: "create", pick: { name: typed }, create: true });
  }
  const activeIndex = Math.min(active, options.length - 1);

  const choose = (pick: PersonPick) => {
    onChoose(pick);
    setQuery("");
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((index) => Math.min(options.length - 1, index + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option.pick);
    }
  };

  const searching = people.isFetching && search !== "";
  return (
    <div className="grid gap-2">
      <Input
        role="combobox"
        aria-label={label}
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options[activeIndex] ? `${listId}-${options[activeIndex].key}` : undefined}
        placeholder={t("comics.picker.search")}
        value={query}
        autoFocus
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label={label} className="grid max-h-60 gap-0.5 overflow-y-auto">
        {options.map((option, index) => (
          <div
            key={option.key}
            id={`${listId}-${option.key}`}
            role="option"
            aria-selected={index === activeIndex}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(option.pick)}
            onKeyDown={() => undefined}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm",
              index === activeIndex && "bg-accent text-accent-foreground",
            )}
          >
            {option.create && <PlusIcon aria-hidden className="size-4 text-primary" />}
            <span className="truncate">
              {option.create ? t("comics.picker.create", { name: option.pick.name }) : option.pick.name}
            </span>
          </div>
        ))}
        {options.length === 0 && <PickerStatus loading={people.isPending || searching} live />}
      </div>
    </div>
  );
}

/** A person picker's popover: `trigger` opens the search list (PersonSearchList) under it. */
export function PersonSearchPopover({
  open,
  onOpenChange,
  trigger,
  ...list
}: Parameters<typeof PersonSearchList>[0] & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent className="w-80 p-2">
        <PersonSearchList {...list} />
      </PopoverContent>
    </Popover>
  );
}
