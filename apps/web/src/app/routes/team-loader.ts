import { teamQueryOptions } from "@/features/teams/api/get-team";
import { parseTeamId } from "@/features/teams/teams-search";
import { prefetchForPage } from "@/lib/query-client";

/** Route loader of /teams/$teamId/*: warms the team query (errors surface in the page, not here). */
export function prefetchTeam(rawTeamId: string) {
  const teamId = parseTeamId(rawTeamId);
  if (teamId !== null) void prefetchForPage(teamQueryOptions(teamId));
}
