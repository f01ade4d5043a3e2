import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { api } from "@/lib/api-client";
import { clearQueryCache } from "@/lib/query-client";
import { authStore } from "../auth-store";

/**
 * Spec §4 logout: end the session on the server, then clear the client session, go to / (replacing
 * history; the guard then shows /login) and clear the whole query cache. If the call fails the user
 * stays signed in and the central error toast appears.
 */
export async function logout(): Promise<void> {
  await api.post("/users/logout");
}

export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      authStore.setUser(undefined);
      await navigate({ to: "/", replace: true });
      await clearQueryCache();
    },
  });
}
