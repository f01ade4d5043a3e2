import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `GET /api/tokens`: my API tokens (never their secrets), newest first, revoked ones included. */
export function getTokens(signal?: AbortSignal) {
  return api.get("/api/tokens", { signal });
}

export const tokensQueryOptions = () =>
  queryOptions({ queryKey: ["tokens"] as const, queryFn: ({ signal }) => getTokens(signal) });

export const useTokens = () => useQuery(tokensQueryOptions());
