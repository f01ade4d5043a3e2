import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { PERSON_PATHS, type TPersonKind } from "@vt/shared/contracts/people";
import { api } from "@/lib/api-client";

export type PeopleParams = { kind: TPersonKind; page: number; limit: number; search?: string };

/** `GET /api/authors|artists|characters?page&limit&search` (accent-insensitive search). */
export function getPeople({ kind, page, limit, search }: PeopleParams, signal?: AbortSignal) {
  return api.get(`/api/${PERSON_PATHS[kind]}`, {
    params: { query: { page, limit, search: search || undefined } },
    signal,
  });
}

/** Every list of every kind (for invalidation after a create, rename or delete request). */
export const peopleQueryKeyAll = ["people"] as const;

export const peopleQueryOptions = (params: PeopleParams) =>
  queryOptions({
    queryKey: [...peopleQueryKeyAll, params] as const,
    queryFn: ({ signal }) => getPeople(params, signal),
    placeholderData: keepPreviousData,
  });

export const usePeople = (params: PeopleParams, options: { enabled?: boolean } = {}) =>
  useQuery({ ...peopleQueryOptions(params), ...options });
