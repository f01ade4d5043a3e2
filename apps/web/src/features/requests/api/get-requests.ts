import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { TRequestStatus, TRequestType } from "@vt/shared/contracts/comics";
import { api } from "@/lib/api-client";

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

/** `GET /api/requests?scope&type&status&comicId&page&limit`. */
export function getRequests(params: RequestsParams, signal?: AbortSignal) {
  return api.get("/api/requests", { params: { query: params }, signal });
}

export const requestsQueryOptions = (params: RequestsParams) =>
  queryOptions({
    queryKey: [...requestsQueryKeyAll, "list", params] as const,
    queryFn: ({ signal }) => getRequests(params, signal),
    placeholderData: keepPreviousData,
  });

export const useRequests = (params: RequestsParams) => useQuery(requestsQueryOptions(params));
