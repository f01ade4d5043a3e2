import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TTeam } from "@vt/shared/contracts/teams";
import { api } from "@/lib/api-client";

/** `GET /api/teams/{teamId}`: the team with the caller's role and capabilities (404 for non-members). */
export function getTeam(teamId: number, signal?: AbortSignal) {
  return api.get<TTeam>(`/teams/${teamId}`, { signal });
}

export const teamQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: ["team", { teamId }] as const,
    queryFn: ({ signal }) => getTeam(teamId, signal),
  });

export const useTeam = (teamId: number) => useQuery(teamQueryOptions(teamId));
