import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminQueryKeyAll } from "./get-admin-users";

/** `GET /api/admin/page-fingerprints`: the page fingerprint backfill's progress (docs/page-checks.md). */
export function getPageFingerprints(signal?: AbortSignal) {
  return api.get("/api/admin/page-fingerprints", { signal });
}

/** Polled every 5 s while a run goes on or waits to start. */
export const pageFingerprintsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKeyAll, "page-fingerprints"] as const,
    queryFn: ({ signal }) => getPageFingerprints(signal),
    refetchInterval: (query) => (query.state.data?.running || query.state.data?.waiting ? 5000 : false),
  });

export const usePageFingerprints = () => useQuery(pageFingerprintsQueryOptions());

/** `POST /api/admin/page-fingerprints/run`: the backfill now ("Run now"); answers the progress. */
export function useRunPageFingerprints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/admin/page-fingerprints/run", undefined),
    onSuccess: (status) => queryClient.setQueryData(pageFingerprintsQueryOptions().queryKey, status),
  });
}
