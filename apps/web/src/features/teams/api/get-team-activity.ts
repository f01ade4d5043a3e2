import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type TeamActivityParams = { teamId: number; page?: number; limit?: number };

/** `GET /api/teams/{teamId}/activity?page&limit`: the team's audit entries, newest first. */
export function getTeamActivity({ teamId, page, limit }: TeamActivityParams, signal?: AbortSignal) {
  return api.get("/api/teams/{teamId}/activity", {
    params: { path: { teamId }, query: { page, limit } },
    signal,
  });
}

/** Every page of one team's activity (invalidated after each change to the team). */
export const teamActivityQueryKeyAll = (teamId: number) => ["team-activity", { teamId }] as const;

export const teamActivityQueryOptions = (params: TeamActivityParams) =>
  queryOptions({
    queryKey: [...teamActivityQueryKeyAll(params.teamId), params] as const,
    queryFn: ({ signal }) => getTeamActivity(params, signal),
  });

export const useTeamActivity = (params: TeamActivityParams) => useQuery(teamActivityQueryOptions(params));
