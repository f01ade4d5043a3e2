import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTeamRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { teamsQueryKeyAll } from "@/lib/query-keys";
import { teamQueryOptions } from "./get-team";

/** `POST /api/teams`: creates a team whose owner is the caller. */
export function createTeam(body: CreateTeamRequest) {
  return api.post("/api/teams", body);
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: (team) => {
      queryClient.setQueryData(teamQueryOptions(team.id).queryKey, team);
      return queryClient.invalidateQueries({ queryKey: teamsQueryKeyAll });
    },
  });
}
