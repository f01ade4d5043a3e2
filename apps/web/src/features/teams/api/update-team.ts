import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Team, UpdateTeamRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { teamsQueryKeyAll } from "@/lib/query-keys";
import { teamQueryOptions } from "./get-team";
import { teamActivityQueryKeyAll } from "./get-team-activity";

/** `PUT /api/teams/{teamId}`: the whole info form. */
export function updateTeam(teamId: number, body: UpdateTeamRequest) {
  return api.put("/api/teams/{teamId}", body, { params: { path: { teamId } } });
}

/** Stores the answered team and refreshes what shows it (lists, activity). */
export function useTeamWritten() {
  const queryClient = useQueryClient();
  return (team: Team) => {
    queryClient.setQueryData(teamQueryOptions(team.id).queryKey, team);
    void queryClient.invalidateQueries({ queryKey: teamsQueryKeyAll });
    void queryClient.invalidateQueries({ queryKey: teamActivityQueryKeyAll(team.id) });
  };
}

export function useUpdateTeam(teamId: number) {
  const written = useTeamWritten();
  return useMutation({
    mutationFn: (body: UpdateTeamRequest) => updateTeam(teamId, body),
    onSuccess: written,
  });
}
