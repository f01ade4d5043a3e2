import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { requestsQueryKeyAll } from "./get-requests";

/** `GET /api/requests/counts`: pending counts for the sidebar. */
export function getRequestCounts(signal?: AbortSignal) {
  return api.get("/api/requests/counts", { signal });
}

export const requestCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...requestsQueryKeyAll, "counts"] as const,
    queryFn: ({ signal }) => getRequestCounts(signal),
    staleTime: 30_000,
  });

export const useRequestCounts = () => useQuery(requestCountsQueryOptions());
