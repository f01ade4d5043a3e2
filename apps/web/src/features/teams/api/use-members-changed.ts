import { useQueryClient } from "@tanstack/react-query";
import { teamsQueryKeyAll } from "@/lib/query-keys";
import { teamQueryOptions } from "./get-team";
import { teamActivityQueryKeyAll } from "./get-team-activity";
import { teamMembersQueryKeyAll } from "./get-team-members";

/** After any membership change: the members, the team (count, my role), the lists and the activity. */
export function useMembersChanged() {
  const queryClient = useQueryClient();
  return (teamId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamMembersQueryKeyAll(teamId) }),
      queryClient.invalidateQueries({ queryKey: teamQueryOptions(teamId).queryKey }),
      queryClient.invalidateQueries({ queryKey: teamsQueryKeyAll }),
      queryClient.invalidateQueries({ queryKey: teamActivityQueryKeyAll(teamId) }),
    ]);
}
