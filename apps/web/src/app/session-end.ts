/**
 * The end of a session the user did not end themselves (expired, revoked, signed out in another
 * tab): the first 401 clears the cached data and loads /login?next=<where they were>
 * replacing history; the sign-in page says why, once however many calls fail at the same moment.
 */
import { authStore } from "@/features/auth/auth-store";
import { isSignedIn, loginHref } from "@/features/auth/guard";
import { markSessionEnded } from "@/features/auth/session-ended";
import { clearQueryCache } from "@/lib/query-client";

let ending = false;

export function endSession() {
  if (ending || !isSignedIn(authStore.getState().user)) return;
  ending = true;
  // The address bar, not the router: the router's file loads this one (through the layout), and the
  // browser history it drives shows the same path and search.
  const location = { pathname: window.location.pathname, searchStr: window.location.search };
  markSessionEnded();
  // The cache is cleared before the sign-in page loads: a persisted copy must not outlive the session.
  void clearQueryCache().finally(() => window.location.replace(loginHref(location)));
}
