import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { teamsQueryKeyAll } from "@/lib/query-keys";
import { myInvitationsQueryOptions } from "./get-my-invitations";

/** `POST /api/invitations/{id}/accept`: joins the team with the invited role. */
export function acceptInvitation(invitationId: number) {
  return api.post("/api/invitations/{id}/accept", undefined, { params: { path: { id: invitationId } } });
}

/** `POST /api/invitations/{id}/decline`. */
export function declineInvitation(invitationId: number) {
  return api.post("/api/invitations/{id}/decline", undefined, { params: { path: { id: invitationId } } });
}

function useInvitationsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myInvitationsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: teamsQueryKeyAll }),
    ]);
}

export function useAcceptInvitation() {
  const changed = useInvitationsChanged();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: changed });
}

export function useDeclineInvitation() {
  const changed = useInvitationsChanged();
  return useMutation({ mutationFn: declineInvitation, onSuccess: changed });
}
