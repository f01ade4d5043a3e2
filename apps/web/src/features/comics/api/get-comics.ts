import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import type { ComicStatusFilter } from "../comics-search";

export type ComicsParams = {
  page: number;
  limit: number;
  search?: string;
  status?: ComicStatusFilter;
  sort?: "newest" | "oldest";
  /** mine: comics my teams may upload to; all: every comic (with canUpload and my permission request). */
  scope: "mine" | "all";
};

/** `GET /api/comics?page&limit&search&status&sort&scope`: one page of comics, `{ comics, totalPages, total }`. */
export function getComics({ search, status, sort, ...rest }: ComicsParams, signal?: AbortSignal) {
  return api.get("/api/comics", {
    params: {
      query: { ...rest, search: search || undefined, status: status ?? "all", sort: sort ?? "newest" },
    },
    signal,
  });
}

export const comicsQueryOptions = (params: ComicsParams) =>
  queryOptions({
    queryKey: [...comicsQueryKeyAll, params] as const,
    queryFn: ({ signal }) => getComics(params, signal),
    placeholderData: keepPreviousData,
  });

export const useComics = (params: ComicsParams, options: { enabled?: boolean } = {}) =>
  useQuery({ ...comicsQueryOptions(params), ...options });
