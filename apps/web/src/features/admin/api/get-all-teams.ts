import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type AdminListParams, adminQueryKeyAll } from "./get-admin-users";

/** `GET /api/teams?all=true&page&limit&search`: every team, the admin's list. */
export function getAllTeams(params: AdminListParams, signal?: AbortSignal) {
  return api.get("/api/teams", { params: { query: { ...params, all: "true" } }, signal });
}

export const allTeamsQueryOptions = (params: AdminListParams) =>
  queryOptions({
    queryKey: [...adminQueryKeyAll, "teams", params] as const,
    queryFn: ({ signal }) => getAllTeams(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAllTeams = (params: AdminListParams) => useQuery(allTeamsQueryOptions(params));
