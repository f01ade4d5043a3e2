import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useMembersChanged } from "./use-members-changed";

/** `POST /api/teams/{teamId}/transfer`: `userId` becomes owner, the previous owner a manager. */
export function transferOwnership(teamId: number, userId: number) {
  return api.post("/api/teams/{teamId}/transfer", { userId }, { params: { path: { teamId } } });
}

export function useTransferOwnership(teamId: number) {
  const changed = useMembersChanged();
  return useMutation({
    mutationFn: (userId: number) => transferOwnership(teamId, userId),
    onSuccess: () => changed(teamId),
  });
}
