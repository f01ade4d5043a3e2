import { useMutation } from "@tanstack/react-query";
import type { UpdateMemberRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { useMembersChanged } from "./use-members-changed";

/** `PATCH /api/teams/{teamId}/members/{userId}`: a role below the caller's own. */
export function updateMemberRole(teamId: number, userId: number, body: UpdateMemberRequest) {
  return api.patch("/api/teams/{teamId}/members/{userId}", body, { params: { path: { teamId, userId } } });
}

export function useUpdateMemberRole(teamId: number) {
  const changed = useMembersChanged();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number } & UpdateMemberRequest) =>
      updateMemberRole(teamId, userId, { role }),
    onSuccess: () => changed(teamId),
  });
}
