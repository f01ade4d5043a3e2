import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateInvitationRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { teamActivityQueryKeyAll } from "./get-team-activity";
import { teamInvitationsQueryOptions } from "./get-team-invitations";

/** `POST /api/teams/{teamId}/invitations`: mails the invitation (409 if pending or already a member). */
export function createInvitation(teamId: number, body: CreateInvitationRequest) {
  return api.post("/api/teams/{teamId}/invitations", body, { params: { path: { teamId } } });
}

export function useCreateInvitation(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationRequest) => createInvitation(teamId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamInvitationsQueryOptions(teamId).queryKey }),
        queryClient.invalidateQueries({ queryKey: teamActivityQueryKeyAll(teamId) }),
      ]),
  });
}
