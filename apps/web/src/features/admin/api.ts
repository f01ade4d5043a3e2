import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TTrashType } from "@vt/shared/contracts/trash";
import { api } from "@/lib/api-client";

type Paged = { page: number; search?: string; limit?: number };

export const useAdminUsers = (params: Paged) =>
  useQuery({
    queryKey: ["admin", "users", params] as const,
    queryFn: ({ signal }) => api.get("/api/admin/users", { params: { query: params }, signal }),
    placeholderData: keepPreviousData,
  });

export function usePatchUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; role?: "user" | "admin"; disabled?: boolean }) =>
      api.patch("/api/admin/users/{id}", body, { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "users"] }),
  });
}

export const useAllTeams = (params: Paged) =>
  useQuery({
    queryKey: ["admin", "teams", params] as const,
    queryFn: ({ signal }) => api.get("/api/teams", { params: { query: { ...params, all: "true" } }, signal }),
    placeholderData: keepPreviousData,
  });

/** Every list the trash touches when something comes back. */
const RESTORED_KEYS = [["trash"], ["comics"], ["comic"], ["chapters"], ["teams"], ["admin"]] as const;

export const useTrash = (params: Paged & { type?: TTrashType }) =>
  useQuery({
    queryKey: ["trash", params] as const,
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
