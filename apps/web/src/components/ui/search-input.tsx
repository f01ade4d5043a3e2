import { useEffect, useState } from "react";
import { SearchBox } from "@/components/search-box";
import { cn } from "@/lib/utils";

const DEBOUNCE_MS = 300;

/**
 * A search field that reports its trimmed value once the user pauses typing (or presses Enter):
 * the value of URL-driven lists. Follows `value` when it changes from outside (back button).
 */
export function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  maxLength = 100,
  className,
}: {
  value: string;
  onSearch: (value: string) => void;
  label: string;
  placeholder: string;
  maxLength?: number;
  className?: string;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => onSearch(draft.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch]);

  return (
    <SearchBox
      className={cn("w-full sm:max-w-xs", className)}
      aria-label={label}
      placeholder={placeholder}
      maxLength={maxLength}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") onSearch(draft.trim());
      }}
    />
  );
}
