import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TMyInvitationListResponse } from "@vt/shared/contracts/teams";
import { api } from "@/lib/api-client";

/** `GET /api/invitations`: invitations waiting for the caller's answer, with their team. */
export function getMyInvitations(signal?: AbortSignal) {
  return api.get<TMyInvitationListResponse>("/invitations", { signal });
}

export const myInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: ["invitations", {}] as const,
    queryFn: ({ signal }) => getMyInvitations(signal),
  });

export const useMyInvitations = () => useQuery(myInvitationsQueryOptions());
