import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useMembersChanged } from "./use-members-changed";

/** `DELETE /api/teams/{teamId}/members/{userId}`: their access ends at once. */
export function removeMember(teamId: number, userId: number) {
  return api.delete("/api/teams/{teamId}/members/{userId}", { params: { path: { teamId, userId } } });
}

export function useRemoveMember(teamId: number) {
  const changed = useMembersChanged();
  return useMutation({
    mutationFn: (userId: number) => removeMember(teamId, userId),
    onSuccess: () => changed(teamId),
  });
}
