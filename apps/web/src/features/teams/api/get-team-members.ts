import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type TeamMembersParams = { teamId: number; page: number; search?: string; limit?: number };

/** `GET /api/teams/{teamId}/members?page&limit&search`: owner first. */
export function getTeamMembers({ teamId, page, search, limit }: TeamMembersParams, signal?: AbortSignal) {
  return api.get("/api/teams/{teamId}/members", {
    params: { path: { teamId }, query: { page, limit, search: search || undefined } },
    signal,
  });
}

/** Every page and search of one team's members. */
export const teamMembersQueryKeyAll = (teamId: number) => ["team-members", { teamId }] as const;

export const teamMembersQueryOptions = (params: TeamMembersParams) =>
  queryOptions({
    queryKey: [...teamMembersQueryKeyAll(params.teamId), params] as const,
    queryFn: ({ signal }) => getTeamMembers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTeamMembers = (params: TeamMembersParams) => useQuery(teamMembersQueryOptions(params));
