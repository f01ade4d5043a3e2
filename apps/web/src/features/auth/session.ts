/**
 * The session (docs/dashboard.md, "Session"): the provider-state listener that turns a provider
 * user into an uploader session, and the boot check.
 *
 *   provider has a user ──► GET /auth/token ──► POST /api/users/auth {email,name,avatar,token}
 *                                                  └─► setUser(user)
 */
import { isApiError } from "@/lib/api-error";
import { showErrorToast } from "@/lib/error-toast";
import { authenticate } from "./api/authenticate";
import { getCurrentUser } from "./api/get-current-user";
import { getIdToken, getProviderSession, type ProviderUser } from "./api/identity-provider";
import { authStore } from "./auth-store";
import { providerState } from "./provider-state";

/** Exchanges the provider user's ID token for the uploader session and stores the user. */
export async function exchangeSession(user: ProviderUser): Promise<void> {
  const token = await getIdToken();
  const signedIn = await authenticate({
    email: user.email,
    name: user.name,
    avatar: user.image ?? undefined,
    token,
  });
  authStore.setUser(signedIn);
}

let stopListening: (() => void) | undefined;

/** Starts (once) the listener that runs the exchange whenever the provider has a user. */
export function listenToProviderState(): () => void {
  stopListening ??= providerState.subscribe(async (user) => {
    if (user) await exchangeSession(user);
  });
  return stopListening;
}

let restoring: Promise<void> | undefined;

/**
 * Restores the session once per page load, before the route guard decides: `GET /api/users/session`
 * first; when that says signed out but the provider still has a session (a reload after the
 * uploader session ended, or the return from a third-party sign-in), the listener exchanges it.
 * A failure other than "signed out" is shown and treated as signed out.
 */
export function restoreSession(): Promise<void> {
  listenToProviderState();
  restoring ??= (async () => {
    try {
      const user = await getCurrentUser();
      if (user) {
        authStore.setUser(user);
        return;
      }
      const session = await getProviderSession();
      if (session?.user) await providerState.set(session.user);
    } catch (error) {
      // No provider session behind a stale cookie is simply "signed out".
      if (isApiError(error) && error.kind === "unauthorized") return;
      showErrorToast(error);
    }
  })();
  return restoring;
}
