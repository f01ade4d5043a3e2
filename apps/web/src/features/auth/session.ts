import { showErrorToast } from "@/lib/query-client";
import { getCurrentUser } from "./api/get-current-user";
import { authStore } from "./auth-store";

let restoring: Promise<void> | undefined;

/**
 * Restores the session once per page load, before the route guard decides, so a signed-in user who
 * reloads is not bounced to /login. A failure other than "signed out" is shown and treated as signed out.
 */
export function restoreSession(): Promise<void> {
  restoring ??= getCurrentUser()
    .then((user) => {
      if (user) authStore.setUser(user);
    })
    .catch((error: unknown) => {
      showErrorToast(error);
    });
  return restoring;
}
