import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TRequestStatus, TRequestType } from "@vt/shared/contracts/comics";
import { api } from "@/lib/api-client";
import { comicQueryKeyAll, comicsQueryKeyAll, notificationsQueryKeyAll } from "@/lib/query-keys";

export type RequestsParams = {
  scope: "mine" | "review" | "all";
  page: number;
  limit: number;
  type?: TRequestType;
  status?: TRequestStatus;
  comicId?: number;
};

/** Every request list and count (invalidated after a decision or a new request). */
export const requestsQueryKeyAll = ["requests"] as const;

/** `GET /api/requests?scope&type&status&page&limit`. */
export const useRequests = (params: RequestsParams) =>
  useQuery({
    queryKey: [...requestsQueryKeyAll, "list", params] as const,
    queryFn: ({ signal }) => api.get("/api/requests", { params: { query: params }, signal }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/requests/counts`: pending counts for the sidebar. */
export const useRequestCounts = () =>
  useQuery({
    queryKey: [...requestsQueryKeyAll, "counts"] as const,
    queryFn: ({ signal }) => api.get("/api/requests/counts", { signal }),
    staleTime: 30_000,
  });

export type Decision = "approve" | "reject" | "cancel";

/** `POST /api/requests/:id/approve|reject|cancel`. */
export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: Decision; note?: string }) =>
      api.post(`/api/requests/{id}/${decision}`, decision === "cancel" ? undefined : { note }, {
        params: { path: { id } },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestsQueryKeyAll }),
        queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll }),
        queryClient.invalidateQueries({ queryKey: comicQueryKeyAll }),
        queryClient.invalidateQueries({ queryKey: notificationsQueryKeyAll }),
      ]),
  });
}
