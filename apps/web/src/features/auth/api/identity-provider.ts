/**
 * The embedded identity provider (better-auth, mounted by the API under /auth). These are the few
 * plain HTTP calls the dashboard makes to it, through our own api client (same error model,
 * `x-app-origin`, language header) rather than `better-auth/client`, whose proxy/nanostores
 * runtime would add weight for eight calls. Third-party providers go through better-auth's
 * generic OAuth plugin, which registers them as social providers (`/sign-in/social`).
 */
import { createApiClient } from "@/lib/api-client";
import { fetchJson } from "@/lib/fetch-json";
import { currentLanguage } from "@/lib/i18n";

const AUTH_BASE = "/auth";
const identity = createApiClient({ baseURL: AUTH_BASE, getLanguage: currentLanguage });

/** The provider's own user record (not the uploader-service user). */
export type ProviderUser = {
  id: string;
  email: string;
  name: string;
  image?: string | null;
};

export type ThirdPartyProvider = { id: string; label: string };

/** `POST /auth/sign-in/email`: opens a provider session (cookie) and returns its user. */
export function signInWithPassword(values: { email: string; password: string }) {
  return identity.post<{ user: ProviderUser }>("/sign-in/email", { ...values, rememberMe: true });
}

/** `POST /auth/sign-up/email`: creates the account and signs it in (autoSignIn). */
export function signUpWithPassword(values: { name: string; email: string; password: string }) {
  return identity.post<{ user: ProviderUser }>("/sign-up/email", values);
}

/** `POST /auth/request-password-reset`: mails a link to `/login?mode=reset&token=…` (if the account exists). */
export function requestPasswordReset(email: string) {
  return identity.post<{ status: boolean }>("/request-password-reset", { email });
}

/** `POST /auth/reset-password`: sets the new password for a reset token (valid once, expires). */
export function resetPassword(token: string, newPassword: string) {
  return identity.post<{ status: boolean }>("/reset-password", { token, newPassword });
}

/** `POST /auth/sign-out`: ends the provider session (succeeds when there is none). */
export function signOutOfProvider() {
  return identity.post<{ success: boolean }>("/sign-out", {});
}

/** `GET /auth/token`: a short-lived ID token (JWT) for the signed-in provider user. */
export async function getIdToken(): Promise<string> {
  const { token } = await identity.get<{ token: string }>("/token");
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
  const { url } = await identity.post<{ url: string }>("/sign-in/social", {
    provider: providerId,
    callbackURL,
    errorCallbackURL,
  });
  return url;
}

/**
 * `GET /auth/providers`: the configured third-party providers (empty when none). Plain fetch: the
 * sign-in page shows them on load, before the user has done anything that needs the full client.
 */
export function listThirdPartyProviders() {
  return fetchJson<ThirdPartyProvider[]>(`${AUTH_BASE}/providers`);
}

/**
 * `GET /auth/get-session`: the provider session, or null. Made with plain fetch because it runs at
 * boot, before the first render (see lib/fetch-json).
 */
export function getProviderSession() {
  return fetchJson<{ user: ProviderUser } | null>(`${AUTH_BASE}/get-session`);
}
