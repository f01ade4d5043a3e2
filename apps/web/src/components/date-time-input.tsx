import { type Ref, useId } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { formatDateTime, parseDateTimeField, toDateTimeField } from "@/lib/date-format";

/** What the field expects, shown as its placeholder (the same in both languages). */
export const DATE_TIME_FIELD_PATTERN = "dd/mm/yyyy hh:mm";

/**
 * A date and time typed as the dashboard writes them, "15/01/2027 20:00" (dd/mm/yyyy hh:mm, local
 * time, 24 h), in both languages: the browser's `datetime-local` shows its own locale's order and
 * a 12-hour clock instead. A plain text field, so typing, pasting and the keyboard work as
 * everywhere; on leaving the field a date typed short ("5/1/2027 8:00") is written out in full, and
 * once the text is a real date the line under it reads it back in the interface language
 * ("15 Jan 2027, 20:00" in English), so day and month cannot be mistaken. The form validates the
 * text (`parseDateTimeField`).
 */
export function DateTimeInput({
  value,
  onChange,
  onBlur,
  name,
  ref,
  "aria-describedby": describedBy,
  ...aria
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { i18n } = useTranslation();
  const readBackId = useId();
  const at = parseDateTimeField(value);
  return (
    <>
      <Input
        {...aria}
        ref={ref}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={20}
        placeholder={DATE_TIME_FIELD_PATTERN}
        value={value}
        aria-describedby={
          [at !== null ? readBackId : undefined, describedBy].filter(Boolean).join(" ") || undefined
        }
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          if (at !== null && toDateTimeField(at) !== value) onChange(toDateTimeField(at));
          onBlur?.();
        }}
      />
      {at !== null && (
        <p id={readBackId} className="text-muted-foreground text-xs" data-testid="date-time-read-back">
          {formatDateTime(at, i18n.language)}
        </p>
      )}
    </>
  );
}
