import type { TComicListItem } from "@vt/shared/contracts/comics";
import { CheckIcon } from "lucide-react";
import { type KeyboardEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { PickerStatus } from "@/components/picker-status";
import { SearchBox, useSearchField } from "@/components/search-box";
import { cn } from "@/lib/utils";
import { useComics } from "../api/get-comics";
import { ComicCover } from "./comic-cover";

const RESULT_LIMIT = 6;

/** Picks one comic of the whole platform by searching its title (the target of a merge); never `excludeId`. */
export function ComicSearchPicker({
  label,
  value,
  onChange,
  error,
  excludeId,
}: {
  label: string;
  /** The comic being merged: never offered as its own target. */
  excludeId: number;
  value: Pick<TComicListItem, "id" | "title"> | null;
  onChange: (comic: Pick<TComicListItem, "id" | "title">) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, searchField] = useSearchField();
  // One more than shown, so leaving out the comic itself still fills the list.
  const comics = useComics({ scope: "all", page: 1, limit: RESULT_LIMIT + 1, search: search || undefined });
  const results = (comics.data?.comics ?? []).filter((c) => c.id !== excludeId).slice(0, RESULT_LIMIT);
  const group = useRef<HTMLDivElement>(null);
  // One radio group, one Tab stop (WAI-ARIA radio group): the chosen comic, else the first; the
  // arrow keys (and Home/End) move to a neighbour and choose it.
  const selectedIndex = results.findIndex((comic) => comic.id === value?.id);
  const tabStop = selectedIndex >= 0 ? selectedIndex : 0;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = results.length - 1;
    const next =
      event.key === "ArrowDown" || event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowUp" || event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const comic = results[next]!;
    onChange({ id: comic.id, title: comic.title });
    group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
  };

  return (
    <div className="grid gap-2">
      <SearchBox
        {...searchField}
        label={label}
        placeholder={t("comics.requests.targetPlaceholder")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${searchField.id}-error` : undefined}
      />
      <div
        ref={group}
        role="radiogroup"
        aria-label={label}
        className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-1"
      >
        {results.map((comic, index) => {
          const selected = value?.id === comic.id;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a styled radio row with a cover; native radios cannot hold this layout
            <button
              key={comic.id}
              type="button"
              role="radio"
              aria-checked={selected}
              tabIndex={index === tabStop ? 0 : -1}
              onKeyDown={(event) => onKeyDown(event, index)}
              onClick={() => onChange({ id: comic.id, title: comic.title })}
              className={cn(
                "flex items-center gap-3 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                selected && "bg-primary/10",
              )}
            >
              <ComicCover comic={comic} className="w-8" />
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium">{comic.title}</span>
                <span className="truncate text-muted-foreground text-xs">{comic.team.name}</span>
              </span>
              {selected && <CheckIcon aria-hidden className="size-4 text-primary" />}
            </button>
          );
        })}
        {results.length === 0 && <PickerStatus loading={comics.isFetching} />}
      </div>
      {value && <p className="text-sm">{t("comics.requests.targetSelected", { title: value.title })}</p>}
      {error && (
        <p id={`${searchField.id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
