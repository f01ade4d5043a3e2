import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `GET /api/teams/{teamId}`: the team with the caller's role and capabilities (404 for non-members). */
export function getTeam(teamId: number, signal?: AbortSignal) {
  return api.get("/api/teams/{teamId}", { params: { path: { teamId } }, signal });
}

export const teamQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: ["team", { teamId }] as const,
    queryFn: ({ signal }) => getTeam(teamId, signal),
  });

/** `teamId` null (a malformed id in the URL) fetches nothing. */
export const useTeam = (teamId: number | null) =>
  useQuery({ ...teamQueryOptions(teamId ?? 0), enabled: teamId !== null });
