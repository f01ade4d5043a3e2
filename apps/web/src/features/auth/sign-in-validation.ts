/**
 * The sign-in form's rules (the shared `ZSignInForm`: the shared e-mail rule, a password), written
 * without zod or react-hook-form: sign-in is the first screen, and these ~15 kB gzipped are better
 * spent elsewhere. The larger forms (register, reset, profile) use the shared zod schemas of
 * `@vt/shared/contracts/users` with react-hook-form, loaded when opened.
 */
import { EMAIL_REGEX } from "@vt/shared/constants";
import type { MessageKey } from "@vt/shared/i18n/messages";

/**
 * Error messages are keys of the shared catalogue (`validation.*`), translated where they are shown
 * with `{{field}}` = the translated field name, as the API does for its 422 bodies.
 */
export type ValidationKey = Extract<MessageKey, `validation.${string}`>;

export type SignInValues = { email: string; password: string };
export type SignInErrors = Partial<Record<keyof SignInValues, ValidationKey>>;

/** The first problem of each field, as a shared `validation.*` key; empty when the form may be sent. */
export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = "validation.required";
  else if (!EMAIL_REGEX.test(email)) errors.email = "validation.emailInvalid";
  if (!values.password) errors.password = "validation.required";
  return errors;
}
