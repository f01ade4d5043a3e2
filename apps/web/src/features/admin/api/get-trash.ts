import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { TTrashType } from "@vt/shared/contracts/trash";
import { api } from "@/lib/api-client";
import type { AdminListParams } from "./get-admin-users";

export type TrashParams = AdminListParams & { type?: TTrashType };

/** Every trash list. */
export const trashQueryKeyAll = ["trash"] as const;

/** `GET /api/trash?type&page&limit&search`: deleted comics, chapters and teams, newest first. */
export function getTrash(params: TrashParams, signal?: AbortSignal) {
  return api.get("/api/trash", { params: { query: params }, signal });
}

export const trashQueryOptions = (params: TrashParams) =>
  queryOptions({
    queryKey: [...trashQueryKeyAll, params] as const,
    queryFn: ({ signal }) => getTrash(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTrash = (params: TrashParams) => useQuery(trashQueryOptions(params));
