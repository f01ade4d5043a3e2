/**
 * "Required fields are missing" (docs/dashboard.md, "Forms and their messages"): the message keys
 * that mean "this field was left empty". A form whose errors carry any of them shows the shared
 * sentence above its buttons, next to the per-field messages
 * (components/required-fields-alert.tsx).
 */
export const REQUIRED_MESSAGE_KEYS: ReadonlySet<string> = new Set([
  "validation.required",
  "validation.teamRequired",
  "validation.comicRequired",
  "validation.reasonRequired",
  "validation.coverRequired",
  "validation.pagesRequired",
  "validation.termsRequired",
]);

/** True when any error in a react-hook-form error tree (nested fields, arrays, roots) is a required-field key. */
export function hasMissingRequired(errors: unknown, seen = new Set<unknown>()): boolean {
  // Forms that keep their own error map ({ email: "validation.required" }) hold bare keys.
  if (typeof errors === "string") return REQUIRED_MESSAGE_KEYS.has(errors);
  if (!errors || typeof errors !== "object" || seen.has(errors)) return false;
  seen.add(errors);
  const message = (errors as { message?: unknown }).message;
  if (typeof message === "string" && REQUIRED_MESSAGE_KEYS.has(message)) return true;
  for (const [key, value] of Object.entries(errors)) {
    // `ref` points at the DOM element of the field, not at more errors.
    if (key === "ref" || key === "message" || key === "type") continue;
    if (hasMissingRequired(value, seen)) return true;
  }
  return false;
}
