import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `GET /api/teams/{teamId}/credit`. */
export function getCreditSettings(teamId: number, signal?: AbortSignal) {
  return api.get("/api/teams/{teamId}/credit", { params: { path: { teamId } }, signal });
}

export const creditSettingsQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: ["team-credit", { teamId }] as const,
    queryFn: ({ signal }) => getCreditSettings(teamId, signal),
  });

export const useCreditSettings = (teamId: number) => useQuery(creditSettingsQueryOptions(teamId));
