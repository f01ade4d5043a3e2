import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `GET /api/teams/{teamId}/donate`. */
export function getDonateSettings(teamId: number, signal?: AbortSignal) {
  return api.get("/api/teams/{teamId}/donate", { params: { path: { teamId } }, signal });
}

export const donateSettingsQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: ["team-donate", { teamId }] as const,
    queryFn: ({ signal }) => getDonateSettings(teamId, signal),
  });

export const useDonateSettings = (teamId: number) => useQuery(donateSettingsQueryOptions(teamId));
