import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { comicQueryKeyAll, comicsQueryKeyAll, notificationsQueryKeyAll } from "@/lib/query-keys";
import { requestsQueryKeyAll } from "./get-requests";

export type Decision = "approve" | "reject" | "cancel";

/** `POST /api/requests/{id}/approve|reject|cancel` (a note with approve and reject). */
export function decideRequest(id: number, decision: Decision, note?: string) {
  return api.post(`/api/requests/{id}/${decision}`, decision === "cancel" ? undefined : { note }, {
    params: { path: { id } },
  });
}

export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: Decision; note?: string }) =>
      decideRequest(id, decision, note),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestsQueryKeyAll }),
        queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll }),
        queryClient.invalidateQueries({ queryKey: comicQueryKeyAll }),
        queryClient.invalidateQueries({ queryKey: notificationsQueryKeyAll }),
      ]),
  });
}
