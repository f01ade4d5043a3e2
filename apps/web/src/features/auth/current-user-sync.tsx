import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { getCurrentUser } from "./api/get-current-user";
import { authStore } from "./auth-store";

/** The query of `GET /api/users/me` in the signed-in layout (invalidate it after a change to the user). */
export const currentUserQueryKey = ["users", "me"] as const;

/**
 * Keeps the signed-in user current without signing out: a role granted meanwhile (ADMIN_EMAILS at a
 * later verification, an admin's grant) or a verified address shows as soon as the tab regains focus,
 * and at the latest within a minute. The server reads the role on every request; this only refreshes
 * what the menus show. A signed-out answer is left to the 401 handling of the next call.
 */
export function CurrentUserSync() {
  const me = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: async () => (await getCurrentUser()) ?? null,
    refetchOnWindowFocus: "always",
    refetchInterval: 60_000,
  });
  useEffect(() => {
    if (me.data) authStore.mergeUser(me.data);
  }, [me.data]);
  return null;
}
