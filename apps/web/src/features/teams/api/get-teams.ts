import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { teamsQueryKeyAll } from "@/lib/query-keys";

export type TeamsParams = { page: number; search?: string; limit?: number };

/** `GET /api/teams?page&limit&search`: the caller's teams with their role, one page. */
export function getTeams({ page, search, limit }: TeamsParams, signal?: AbortSignal) {
  return api.get("/api/teams", {
    params: { query: { page, limit, search: search || undefined } },
    signal,
  });
}

export const teamsQueryOptions = (params: TeamsParams) =>
  queryOptions({
    queryKey: [...teamsQueryKeyAll, params] as const,
    queryFn: ({ signal }) => getTeams(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTeams = (params: TeamsParams) => useQuery(teamsQueryOptions(params));
