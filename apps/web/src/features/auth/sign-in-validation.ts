/**
 * The sign-in form's rules, written without zod or react-hook-form: sign-in is the first screen,
 * and these ~15 kB gzipped are better spent elsewhere. The larger forms (register, reset, profile)
 * use the zod schemas of ./schemas with react-hook-form, loaded when opened.
 */
import type { ValidationKey } from "./schemas";

/** Spec §5 email check: a local part, '@', a domain, and a top-level domain of at least 2 letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export type SignInValues = { email: string; password: string };
export type SignInErrors = Partial<Record<keyof SignInValues, ValidationKey>>;

/** The first problem of each field, as a shared `validation.*` key; empty when the form may be sent. */
export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = "validation.required";
  else if (!EMAIL_PATTERN.test(email)) errors.email = "validation.emailInvalid";
  if (!values.password) errors.password = "validation.required";
  return errors;
}
