/**
 * The embedded identity provider (better-auth, mounted by the API under /auth). These are the few
 * plain HTTP calls the dashboard makes to it, through our own api client (same error model,
 * `x-app-origin`, language header) rather than `better-auth/client`, whose proxy/nanostores
 * runtime would add weight for eight calls. Third-party providers go through better-auth's
 * generic OAuth plugin, which registers them as social providers (`/sign-in/social`).
 */
import { createApiClient } from "@/lib/api-client";
import { currentLanguage } from "@/lib/i18n";

/** The provider's own user record (not the uploader-service user). */
export type ProviderUser = {
  id: string;
  email: string;
  name: string;
  image?: string | null;
};

export type ThirdPartyProvider = { id: string; label: string };

/** A JSON operation in the shape of the generated OpenAPI types (better-auth is not in our document). */
type JsonOperation<Body, Answer> = {
  parameters: { query?: never; path?: never };
  requestBody: [Body] extends [undefined] ? never : { content: { "application/json": Body } };
  responses: { 200: { content: { "application/json": Answer } } };
};

/** The identity provider's routes the dashboard calls. */
type IdentityPaths = {
  "/auth/sign-in/email": {
    post: JsonOperation<{ email: string; password: string; rememberMe: boolean }, { user: ProviderUser }>;
  };
  "/auth/sign-up/email": {
    post: JsonOperation<{ name: string; email: string; password: string }, { user: ProviderUser }>;
  };
  "/auth/request-password-reset": { post: JsonOperation<{ email: string }, { status: boolean }> };
  "/auth/reset-password": {
    post: JsonOperation<{ token: string; newPassword: string }, { status: boolean }>;
  };
  "/auth/sign-out": { post: JsonOperation<Record<string, never>, { success: boolean }> };
  "/auth/token": { get: JsonOperation<undefined, { token: string }> };
  "/auth/sign-in/social": {
    post: JsonOperation<{ provider: string; callbackURL: string; errorCallbackURL: string }, { url: string }>;
  };
  "/auth/providers": { get: JsonOperation<undefined, ThirdPartyProvider[]> };
  "/auth/get-session": { get: JsonOperation<undefined, { user: ProviderUser } | null> };
};

const identity = createApiClient<IdentityPaths>({ getLanguage: currentLanguage });

/** `POST /auth/sign-in/email`: opens a provider session (cookie) and returns its user. */
export function signInWithPassword(values: { email: string; password: string }) {
  return identity.post("/auth/sign-in/email", { ...values, rememberMe: true });
}

/** `POST /auth/sign-up/email`: creates the account and signs it in (autoSignIn). */
export function signUpWithPassword(values: { name: string; email: string; password: string }) {
  return identity.post("/auth/sign-up/email", values);
}

/** `POST /auth/request-password-reset`: mails a link to `/login?mode=reset&token=…` (if the account exists). */
export function requestPasswordReset(email: string) {
  return identity.post("/auth/request-password-reset", { email });
}

/** `POST /auth/reset-password`: sets the new password for a reset token (valid once, expires). */
export function resetPassword(token: string, newPassword: string) {
  return identity.post("/auth/reset-password", { token, newPassword });
}

/** `POST /auth/sign-out`: ends the provider session (succeeds when there is none). */
export function signOutOfProvider() {
  return identity.post("/auth/sign-out", {});
}

/** `GET /auth/token`: a short-lived ID token (JWT) for the signed-in provider user. */
export async function getIdToken(): Promise<string> {
  const { token } = await identity.get("/auth/token");
  return token;
}

/**
 * `POST /auth/sign-in/social`: where to send the browser to sign in with a third-party provider.
 * The provider's callback comes back to `callbackURL` (or `errorCallbackURL?error=…`).
 */
export async function startThirdPartySignIn(
  providerId: string,
  callbackURL: string,
  errorCallbackURL: string,
) {
  const { url } = await identity.post("/auth/sign-in/social", {
    provider: providerId,
    callbackURL,
    errorCallbackURL,
  });
  return url;
}

/** `GET /auth/providers`: the configured third-party providers (empty when none). */
export function listThirdPartyProviders() {
  return identity.get("/auth/providers");
}

/** `GET /auth/get-session`: the provider session, or null (runs at boot, before the first render). */
export function getProviderSession() {
  return identity.get("/auth/get-session");
}
