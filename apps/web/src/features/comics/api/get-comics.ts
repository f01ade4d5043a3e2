import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import { type ComicsParams, comicsListQuery } from "../comics-search";

/** `GET /api/comics?page&limit&search&status&sort&scope`: one page of comics, `{ comics, totalPages, total }`. */
export function getComics(params: ComicsParams, signal?: AbortSignal) {
  return api.get("/api/comics", { params: { query: comicsListQuery(params) }, signal });
}

export const comicsQueryOptions = (params: ComicsParams) =>
  queryOptions({
    queryKey: [...comicsQueryKeyAll, params] as const,
    queryFn: ({ signal }) => getComics(params, signal),
    placeholderData: keepPreviousData,
  });

export const useComics = (params: ComicsParams, options: { enabled?: boolean } = {}) =>
  useQuery({ ...comicsQueryOptions(params), ...options });
