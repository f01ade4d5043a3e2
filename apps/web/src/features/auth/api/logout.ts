import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { api } from "@/lib/api-client";
import { clearQueryCache } from "@/lib/query-client";
import { authStore } from "../auth-store";
import { providerState } from "../provider-state";
import { signOutOfProvider } from "./identity-provider";

/** `POST /api/users/logout`: ends the uploader session and clears its cookie. */
export async function endUploaderSession(): Promise<void> {
  await api.post("/api/users/logout");
}

/**
 * Logout (docs/dashboard.md, "Session"), in order: sign out with the identity provider, end the
 * uploader session, then clear the client session and the whole query cache (persisted copy
 * included), and go to / (replacing history; the guard then loads /login). If a call fails the user
 * stays signed in and the central error toast (MutationCache onError) appears.
 */
export async function logout(): Promise<void> {
  await signOutOfProvider();
  await providerState.set(null);
  await endUploaderSession();
}

export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      authStore.setUser(undefined);
      // Cleared before leaving: the guard then loads /login as a new document, and a write still
      // pending on this one could be lost with it.
      await clearQueryCache();
      await navigate({ to: "/", replace: true });
    },
  });
}
