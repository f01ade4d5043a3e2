import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { teamActivityQueryKeyAll } from "./get-team-activity";
import { teamInvitationsQueryOptions } from "./get-team-invitations";

/** `DELETE /api/teams/{teamId}/invitations/{id}`: the link stops working. */
export function revokeInvitation(teamId: number, invitationId: number) {
  return api.delete("/api/teams/{teamId}/invitations/{id}", {
    params: { path: { teamId, id: invitationId } },
  });
}

export function useRevokeInvitation(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => revokeInvitation(teamId, invitationId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamInvitationsQueryOptions(teamId).queryKey }),
        queryClient.invalidateQueries({ queryKey: teamActivityQueryKeyAll(teamId) }),
      ]),
  });
}
