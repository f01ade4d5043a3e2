import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `GET /api/teams/{teamId}/invitations`: pending invitations, newest first (managers and up). */
export function getTeamInvitations(teamId: number, signal?: AbortSignal) {
  return api.get("/api/teams/{teamId}/invitations", { params: { path: { teamId } }, signal });
}

export const teamInvitationsQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: ["team-invitations", { teamId }] as const,
    queryFn: ({ signal }) => getTeamInvitations(teamId, signal),
  });

export const useTeamInvitations = (teamId: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...teamInvitationsQueryOptions(teamId), enabled });
