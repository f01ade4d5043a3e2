import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { teamsQueryKeyAll } from "@/lib/query-keys";
import { teamQueryOptions } from "./get-team";

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
