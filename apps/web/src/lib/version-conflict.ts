/**
 * No lost update (docs/dashboard.md, "Saving: no lost update"): every editable record carries a
 * `version`; a save sends the version it was based on and the server answers 409 VERSION_CONFLICT
 * when the record changed meanwhile. This module says what changed, field by field, for the
 * conflict dialog.
 */
import { isApiError } from "./api-error";

/** True for the server's "changed by someone else since you opened it" answer. */
export function isVersionConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === "VERSION_CONFLICT";
}

/** One field the user can see in a form: its label, and how its value reads. */
export type ConflictField<T> = {
  label: string;
  /** The value of the field in a record (default: the property of the same name). */
  get: (record: T) => unknown;
  /** How the value reads in the dialog (default: the value as text, "—" when empty). */
  format?: (value: unknown) => string;
  /** How a change reads when the two values need each other (same count, other order). */
  formatChange?: (before: unknown, now: unknown) => { before: string; now: string };
};

export type FieldChange = { label: string; before: string; now: string };

const EMPTY = "—";

function defaultFormat(value: unknown): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  if (Array.isArray(value)) return value.length === 0 ? EMPTY : value.map(defaultFormat).join(", ");
  if (typeof value === "object" && value !== null && "name" in value) return String(value.name);
  return String(value);
}

/** Structural equality of JSON-like values (form records: text, numbers, flags, arrays). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The fields whose value differs between the copy the form was based on and the server's copy now. */
export function changedFields<T>(before: T, now: T, fields: readonly ConflictField<T>[]): FieldChange[] {
  return fields.flatMap((field) => {
    const a = field.get(before);
    const b = field.get(now);
    if (same(a, b)) return [];
    if (field.formatChange) return [{ label: field.label, ...field.formatChange(a, b) }];
    const format = field.format ?? defaultFormat;
    return [{ label: field.label, before: format(a), now: format(b) }];
  });
}

/** Shorthand for fields read straight from a property. */
export function fieldOf<T, K extends keyof T>(
  key: K,
  label: string,
  format?: (value: T[K]) => string,
): ConflictField<T> {
  return {
    label,
    get: (record) => record[key],
    format: format ? (value) => format(value as T[K]) : undefined,
  };
}

/** A list (pages) reads as its length; same length but different items reads as reordered. */
export function listChange(text: (count: number, reordered: boolean) => string) {
  return (before: unknown, now: unknown) => {
    const a = before as readonly unknown[];
    const b = now as readonly unknown[];
    return { before: text(a.length, false), now: text(b.length, a.length === b.length) };
  };
}
