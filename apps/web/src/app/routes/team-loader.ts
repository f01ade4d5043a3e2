import type { QueryClient } from "@tanstack/react-query";
import { teamQueryOptions } from "@/features/teams/api/get-team";
import { parseTeamId } from "@/features/teams/teams-search";

/** Route loader of /teams/$teamId/*: warms the team query (errors surface in the page, not here). */
export function prefetchTeam(queryClient: QueryClient, rawTeamId: string) {
  const teamId = parseTeamId(rawTeamId);
  if (teamId !== null) void queryClient.prefetchQuery(teamQueryOptions(teamId));
}
