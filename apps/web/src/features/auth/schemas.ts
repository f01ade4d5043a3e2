// zod/mini keeps the signed-out bundle small; the resolver accepts it like full zod.
import type { MessageKey } from "@vt/shared/i18n/messages";
import * as z from "zod/mini";
import { EMAIL_PATTERN } from "./sign-in-validation";

/**
 * Error messages are keys of the shared catalogue (`validation.*`), translated where they are shown
 * with `{{field}}` = the translated field name, as the API does for its 422 bodies.
 */
export type ValidationKey = Extract<MessageKey, `validation.${string}`>;

const message = (key: ValidationKey) => ({ error: key });

/** The embedded provider's password rule (apps/api PASSWORD_MIN_LENGTH / maxPasswordLength). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Longest display name the API stores. */
export const NAME_MAX_LENGTH = 100;

const newPassword = z
  .string()
  .check(
    z.minLength(1, message("validation.required")),
    z.minLength(PASSWORD_MIN_LENGTH, message("validation.tooShort")),
    z.maxLength(PASSWORD_MAX_LENGTH, message("validation.tooLong")),
  );
const displayName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, message("validation.required")),
    z.maxLength(NAME_MAX_LENGTH, message("validation.tooLong")),
  );

const email = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, message("validation.required")),
    z.regex(EMAIL_PATTERN, message("validation.emailInvalid")),
  );

export const registerSchema = z
  .object({
    name: displayName,
    email,
    password: newPassword,
    confirmPassword: z.string(),
    acceptTerms: z.boolean().check(z.refine((accepted) => accepted, message("validation.termsRequired"))),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      path: ["confirmPassword"],
      ...message("validation.passwordsDoNotMatch"),
    }),
  );
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ password: newPassword, confirmPassword: z.string() }).check(
  z.refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    ...message("validation.passwordsDoNotMatch"),
  }),
);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const profileSchema = z.object({ name: displayName });
export type ProfileValues = z.infer<typeof profileSchema>;
