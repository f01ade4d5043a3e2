import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TTrashType } from "@vt/shared/contracts/trash";
import { api } from "@/lib/api-client";
import { chaptersQueryKeyAll, comicQueryKeyAll, comicsQueryKeyAll, teamsQueryKeyAll } from "@/lib/query-keys";

type Paged = { page: number; search?: string; limit?: number };

/** Every admin list. */
const adminQueryKeyAll = ["admin"] as const;
const adminUsersQueryKeyAll = [...adminQueryKeyAll, "users"] as const;
/** Every trash list. */
const trashQueryKeyAll = ["trash"] as const;

export const useAdminUsers = (params: Paged) =>
  useQuery({
    queryKey: [...adminUsersQueryKeyAll, params] as const,
    queryFn: ({ signal }) => api.get("/api/admin/users", { params: { query: params }, signal }),
    placeholderData: keepPreviousData,
  });

export function usePatchUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; role?: "user" | "admin"; disabled?: boolean }) =>
      api.patch("/api/admin/users/{id}", body, { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKeyAll }),
  });
}

export const useAllTeams = (params: Paged) =>
  useQuery({
    queryKey: [...adminQueryKeyAll, "teams", params] as const,
    queryFn: ({ signal }) => api.get("/api/teams", { params: { query: { ...params, all: "true" } }, signal }),
    placeholderData: keepPreviousData,
  });

/** Every list the trash touches when something comes back. */
const RESTORED_KEYS = [
  trashQueryKeyAll,
  comicsQueryKeyAll,
  comicQueryKeyAll,
  chaptersQueryKeyAll,
  teamsQueryKeyAll,
  adminQueryKeyAll,
] as const;

export const useTrash = (params: Paged & { type?: TTrashType }) =>
  useQuery({
    queryKey: [...trashQueryKeyAll, params] as const,
    queryFn: ({ signal }) => api.get("/api/trash", { params: { query: params }, signal }),
    placeholderData: keepPreviousData,
  });

export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: TTrashType; id: number }) =>
      api.post("/api/trash/{type}/{id}/restore", undefined, { params: { path: { type, id } } }),
    onSuccess: () =>
      Promise.all(
        RESTORED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      ),
  });
}

/** The page fingerprint backfill's progress (docs/page-checks.md): polled while a run goes on. */
export const usePageFingerprints = () =>
  useQuery({
    queryKey: [...adminQueryKeyAll, "page-fingerprints"] as const,
    queryFn: ({ signal }) => api.get("/api/admin/page-fingerprints", { signal }),
    refetchInterval: (query) => (query.state.data?.running ? 5000 : false),
  });
