import { SearchIcon } from "lucide-react";
import { type ChangeEvent, type ComponentProps, useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";

/**
 * A search field with its magnifier; `className` goes to its frame, the rest to the input. With a
 * `label` (and an `id`), the label stands above it.
 */
export function SearchBox({
  className,
  label,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { label?: string }) {
  const box = (
    <div className={cn("relative", className)}>
      <SearchIcon
        aria-hidden
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
  if (label === undefined) return box;
  return (
    <>
      <label htmlFor={props.id} className="font-medium text-sm">
        {label}
      </label>
      {box}
    </>
  );
}

/** A picker's search: the props of its SearchBox (an `id` among them), and the trimmed search once typing pauses. */
export function useSearchField(delayMs = 250) {
  const id = `${useId()}-search`;
  const [query, setQuery] = useState("");
  const search = useDebouncedValue(query.trim(), delayMs);
  const field = {
    id,
    value: query,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setQuery(event.target.value),
    autoComplete: "off",
  };
  return [search, field] as const;
}
