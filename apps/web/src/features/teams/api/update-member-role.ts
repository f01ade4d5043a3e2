import { useMutation } from "@tanstack/react-query";
import type { TTeamMember, TUpdateMemberRequest } from "@vt/shared/contracts/teams";
import { fetchJson } from "@/lib/fetch-json";
import { useMembersChanged } from "./use-members-changed";

/**
 * `PATCH /api/teams/{teamId}/members/{userId}`: a role below the caller's own. The api client has no
 * PATCH (spec §7 lists get/post/put/delete), so this goes through fetchJson: same headers,
 * credentials and failure model.
 */
export function updateMemberRole(teamId: number, userId: number, body: TUpdateMemberRequest) {
  return fetchJson<TTeamMember>(`/api/teams/${teamId}/members/${userId}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

export function useUpdateMemberRole(teamId: number) {
  const changed = useMembersChanged();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number } & TUpdateMemberRequest) =>
      updateMemberRole(teamId, userId, { role }),
    onSuccess: () => changed(teamId),
  });
}
