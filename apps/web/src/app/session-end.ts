/**
 * The end of a session the user did not end themselves (expired, revoked, signed out in another
 * tab): the first 401 clears the user and the cached data, sends them to /login?next=<where they
 * were> replacing history, and says why, once however many calls fail at the same moment.
 */
import { authStore } from "@/features/auth/auth-store";
import { isSignedIn, loginRedirect } from "@/features/auth/guard";
import { i18n } from "@/lib/i18n";
import { clearQueryCache } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { router } from "./router";

export function endSession() {
  if (!isSignedIn(authStore.getState().user)) return;
  const location = router.state.location;
  authStore.setUser(undefined);
  void clearQueryCache();
  void router.navigate(loginRedirect(location));
  toast.info(i18n.t("auth.sessionEnded.title"), {
    id: "session-ended",
    description: i18n.t("auth.sessionEnded.description"),
  });
}
