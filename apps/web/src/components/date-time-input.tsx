import { type Ref, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import {
  formatDate,
  formatDateTime,
  parseDateField,
  parseDateTimeField,
  toDateField,
  toDateTimeField,
} from "@/lib/date-format";

/** What the field expects, shown as its placeholder (the same in both languages). */
export const DATE_TIME_FIELD_PATTERN = "dd/mm/yyyy hh:mm";
export const DATE_FIELD_PATTERN = "dd/mm/yyyy";

/**
 * A date and time typed as the dashboard writes them, "15/01/2027 20:00" (dd/mm/yyyy hh:mm, local
 * time, 24 h), in both languages: the browser's `datetime-local` shows its own locale's order and
 * a 12-hour clock instead. A plain text field, so typing, pasting and the keyboard work as
 * everywhere; on leaving the field a date typed short ("5/1/2027 8:00") is written out in full, and
 * once the text is a real date the line under it reads it back in the interface language
 * ("15 Jan 2027, 20:00" in English), so day and month cannot be mistaken. The form validates the
 * text (`parseDateTimeField`).
 */
export function DateTimeInput({ value, onChange, onBlur, ...field }: TypedDateFieldProps) {
  const { i18n } = useTranslation();
  const at = parseDateTimeField(value);
  return (
    <TypedDateField
      {...field}
      maxLength={20}
      placeholder={DATE_TIME_FIELD_PATTERN}
      text={value}
      readBack={at === null ? null : formatDateTime(at, i18n.language)}
      readBackTestId="date-time-read-back"
      onChange={onChange}
      onBlur={() => {
        if (at !== null && toDateTimeField(at) !== value) onChange(toDateTimeField(at));
        onBlur?.();
      }}
    />
  );
}

/**
 * A calendar day typed as the dashboard writes it, "15/01/2027", for a form whose value is the
 * API's "yyyy-mm-dd" (or ""): the browser's own date input shows its own locale's order instead.
 * The text is the user's while they type; a real day goes to the form as "yyyy-mm-dd", anything
 * else goes as typed so the form's schema refuses it ("… không hợp lệ"). Read back in the interface
 * language under the field.
 */
export function DateInput({ value, onChange, onBlur, ...field }: TypedDateFieldProps) {
  const { i18n } = useTranslation();
  const [text, setText] = useState(() => toDateField(value));
  // A new value from outside (the form reset to the server's copy) replaces the text.
  useEffect(() => {
    setText((current) =>
      (parseDateField(current) ?? current) === value ? current : toDateField(value) || value,
    );
  }, [value]);
  const day = parseDateField(text);
  return (
    <TypedDateField
      {...field}
      maxLength={12}
      placeholder={DATE_FIELD_PATTERN}
      text={text}
      readBack={day === null ? null : formatDate(day, i18n.language)}
      readBackTestId="date-read-back"
      onChange={(typedText) => {
        setText(typedText);
        const typed = typedText.trim();
        onChange(typed === "" ? "" : (parseDateField(typed) ?? typed));
      }}
      onBlur={() => {
        if (day !== null) setText(toDateField(day));
        onBlur?.();
      }}
    />
  );
}

interface TypedDateFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** The text field both inputs share, with the typed date read back under it once it is real. */
function TypedDateField({
  text,
  readBack,
  readBackTestId,
  maxLength,
  placeholder,
  onChange,
  onBlur,
  name,
  ref,
  "aria-describedby": describedBy,
  ...aria
}: Omit<TypedDateFieldProps, "value"> & {
  text: string;
  readBack: string | null;
  readBackTestId: string;
  maxLength: number;
  placeholder: string;
}) {
  const readBackId = useId();
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
        maxLength={maxLength}
        placeholder={placeholder}
        value={text}
        aria-describedby={
          [readBack !== null ? readBackId : undefined, describedBy].filter(Boolean).join(" ") || undefined
        }
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {readBack !== null && (
        <p id={readBackId} className="text-muted-foreground text-xs" data-testid={readBackTestId}>
          {readBack}
        </p>
      )}
    </>
  );
}
