import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `GET /api/invitations`: invitations waiting for the caller's answer, with their team. */
export function getMyInvitations(signal?: AbortSignal) {
  return api.get("/api/invitations", { signal });
}

export const myInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: ["invitations", {}] as const,
    queryFn: ({ signal }) => getMyInvitations(signal),
  });

export const useMyInvitations = () => useQuery(myInvitationsQueryOptions());
