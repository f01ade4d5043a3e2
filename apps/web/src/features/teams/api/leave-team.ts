import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { teamsQueryKeyAll } from "@/lib/query-keys";
import { teamQueryOptions } from "./get-team";

/** `POST /api/teams/{teamId}/leave` (the owner must transfer first: 409). */
export function leaveTeam(teamId: number) {
  return api.post("/api/teams/{teamId}/leave", undefined, { params: { path: { teamId } } });
}

export function useLeaveTeam(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveTeam(teamId),
    onSuccess: () => {
      // The team is no longer readable: drop it rather than refetch into a 404.
      queryClient.removeQueries({ queryKey: teamQueryOptions(teamId).queryKey });
      return queryClient.invalidateQueries({ queryKey: teamsQueryKeyAll });
    },
  });
}
