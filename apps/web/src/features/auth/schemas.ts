// zod/mini keeps the signed-out bundle small; the resolver accepts it like full zod.
import type { MessageKey } from "@vt/shared/i18n/messages";
import * as z from "zod/mini";

/**
 * Error messages are keys of the shared catalogue (`validation.*`), translated where they are shown
 * with `{{field}}` = the translated field name, as the API does for its 422 bodies.
 */
export type ValidationKey = Extract<MessageKey, `validation.${string}`>;

/** Spec §5 email check: a local part, '@', a domain, and a top-level domain of at least 2 letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

const message = (key: ValidationKey) => ({ error: key });

const email = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, message("validation.required")),
    z.regex(EMAIL_PATTERN, message("validation.emailInvalid")),
  );

export const signInSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, message("validation.required"))),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const registerSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, message("validation.required"))),
    email,
    password: z.string().check(z.minLength(1, message("validation.required"))),
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
