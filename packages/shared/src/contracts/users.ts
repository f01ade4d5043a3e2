/**
 * Contracts of `/api/users/*` (docs/identity.md) and of the sign-in forms, shared by the API
 * and the web. Error messages are i18n keys of ../i18n/messages.ts.
 */
import { z } from "zod";
import { zEmail, zRequiredString } from "../validation";

export const USER_ROLES = ["user", "admin"] as const;
export const ZUserRole = z.enum(USER_ROLES);
export type TUserRole = z.infer<typeof ZUserRole>;

export const USER_NAME_MAX = 100;
export const AVATAR_URL_MAX = 2048;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The signed-in uploader-service user. `role: "admin"` marks a platform admin. */
export const ZUser = z
  .object({
    id: z.number().int().positive(),
    email: z.string(),
    name: z.string(),
    avatar: z.string().nullable(),
    role: ZUserRole,
    /** The e-mail is proven (verification link, or an issuer's `email_verified: true`); invitations need it. */
    emailVerified: z.boolean(),
  })
  .meta({ id: "User" });
export type TUser = z.infer<typeof ZUser>;

/**
 * `GET /api/users/session`: who the session cookie belongs to, `user: null` when nobody is signed in
 * (200 either way, so the sign-in page's boot check makes no request that must fail).
 */
export const ZCurrentSession = z.object({ user: ZUser.nullable() });
export type TCurrentSession = z.infer<typeof ZCurrentSession>;

/** `POST /api/users/verify-email`: the token of the link in the verification mail. */
export const ZVerifyEmailRequest = z
  .strictObject({
    token: z
      .string({ error: () => "validation.required" })
      .min(1, { error: "validation.required" })
      .max(512, { error: "verification.linkInvalid" }),
  })
  .meta({ id: "VerifyEmailRequest" });
export type TVerifyEmailRequest = z.infer<typeof ZVerifyEmailRequest>;

const zPassword = z
  .string({ error: () => "validation.required" })
  .min(1, { error: "validation.required" })
  .min(PASSWORD_MIN_LENGTH, { error: "validation.tooShort" })
  .max(PASSWORD_MAX_LENGTH, { error: "validation.tooLong" });

/**
 * `POST /api/users/verify-email`'s answer: the user, and whether they may choose a password now
 * (the link's first proof ended the one given at sign-up; `POST /api/users/password`).
 */
export const ZVerifiedUser = ZUser.extend({ choosePassword: z.boolean() }).meta({ id: "VerifiedUser" });
export type TVerifiedUser = z.infer<typeof ZVerifiedUser>;

/** `POST /api/users/password`: the password chosen after the verification link (once). */
export const ZChoosePasswordRequest = z
  .strictObject({ password: zPassword })
  .meta({ id: "ChoosePasswordRequest" });
export type TChoosePasswordRequest = z.infer<typeof ZChoosePasswordRequest>;

/** `POST /api/users/verification-email`: a new verification mail went to `email`. */
export const ZResendVerificationResponse = z.object({ email: z.string() });
export type TResendVerificationResponse = z.infer<typeof ZResendVerificationResponse>;

const zHint = (max: number) => z.string().trim().max(max).nullish();

/**
 * `POST /api/users/auth`: the identity provider's ID token plus profile hints. The server trusts
 * the token's claims first; the hints only fill what the token lacks (name, avatar).
 */
export const ZAuthRequest = z
  .object({
    token: z
      .string({ error: () => "validation.required" })
      .min(1, { error: "validation.required" })
      .max(16_384, { error: "validation.invalid" }),
    email: zHint(320),
    name: zHint(USER_NAME_MAX),
    avatar: zHint(AVATAR_URL_MAX),
  })
  .meta({ id: "AuthRequest" });
export type TAuthRequest = z.infer<typeof ZAuthRequest>;

const zAvatarUrl = z
  .string({ error: () => "validation.linkInvalid" })
  .trim()
  .max(AVATAR_URL_MAX, { error: "validation.tooLong" })
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), { error: "validation.linkInvalid" });

/** `PUT /api/users/{id}`: partial profile; unknown fields are rejected. `avatar: null` removes it. */
export const ZUpdateUserRequest = z
  .strictObject({
    name: zRequiredString()
      .pipe(z.string().max(USER_NAME_MAX, { error: "validation.tooLong" }))
      .optional(),
    avatar: zAvatarUrl.nullable().optional(),
  })
  .meta({ id: "UpdateUserRequest" });
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

/** `POST /api/users/avatar` (multipart field `file`) answers the stored image's public URL. */
export const ZAvatarUploadResponse = z.object({ url: z.string() });
export type TAvatarUploadResponse = z.infer<typeof ZAvatarUploadResponse>;

/** `GET /auth/providers`: one sign-in button per configured OpenID Connect provider. */
export const ZAuthProvider = z.object({ id: z.string(), label: z.string() });
export const ZAuthProviders = z.array(ZAuthProvider);
export type TAuthProvider = z.infer<typeof ZAuthProvider>;

/** The /login sign-in form (POST /auth/sign-in/email takes { email, password }). */
export const ZSignInForm = z.object({
  email: zEmail,
  password: z.string({ error: () => "validation.required" }).min(1, { error: "validation.required" }),
});
export type TSignInForm = z.infer<typeof ZSignInForm>;

/** The register form; POST /auth/sign-up/email takes { name, email, password }. */
export const ZRegisterForm = z
  .object({
    name: zRequiredString().pipe(z.string().max(USER_NAME_MAX, { error: "validation.tooLong" })),
    email: zEmail,
    password: zPassword,
    passwordConfirmation: z
      .string({ error: () => "validation.required" })
      .min(1, { error: "validation.required" }),
    acceptTerms: z.boolean().refine((v) => v, { error: "validation.termsRequired" }),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ["passwordConfirmation"],
    error: "validation.passwordsDoNotMatch",
  });
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

/** Forgot password: POST /auth/request-password-reset takes { email }. */
export const ZForgotPasswordForm = z.object({ email: zEmail });
export type TForgotPasswordForm = z.infer<typeof ZForgotPasswordForm>;

/** The profile dialog's name (PUT /api/users/{id} takes it with the avatar). */
export const ZProfileForm = z.object({
  name: zRequiredString().pipe(z.string().max(USER_NAME_MAX, { error: "validation.tooLong" })),
});
export type TProfileForm = z.infer<typeof ZProfileForm>;

/** Reset page (/login?mode=reset&token=...): POST /auth/reset-password takes { token, newPassword }. */
export const ZResetPasswordForm = z
  .object({
    password: zPassword,
    passwordConfirmation: z
      .string({ error: () => "validation.required" })
      .min(1, { error: "validation.required" }),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ["passwordConfirmation"],
    error: "validation.passwordsDoNotMatch",
  });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;
