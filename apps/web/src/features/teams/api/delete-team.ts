import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { teamQueryOptions } from "./get-team";
import { teamsQueryKeyAll } from "./get-teams";

/** `DELETE /api/teams/{teamId}` (owner or admin). */
export function deleteTeam(teamId: number) {
  return api.delete("/api/teams/{teamId}", { params: { path: { teamId } } });
}

export function useDeleteTeam(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTeam(teamId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: teamQueryOptions(teamId).queryKey });
      return queryClient.invalidateQueries({ queryKey: teamsQueryKeyAll });
    },
  });
}
