import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TAdminUser, TAdminUserList, TAuditList } from "@vt/shared/contracts/admin";
import type { TTeamListResponse } from "@vt/shared/contracts/teams";
import type { TTrashItem, TTrashList, TTrashType } from "@vt/shared/contracts/trash";
import { api } from "@/lib/api-client";
import { fetchJson } from "@/lib/fetch-json";

type Paged = { page: number; search?: string; limit?: number };

export const useAdminUsers = (params: Paged) =>
  useQuery({
    queryKey: ["admin", "users", params] as const,
    queryFn: ({ signal }) => api.get<TAdminUserList>("/admin/users", { params, signal }),
    placeholderData: keepPreviousData,
  });

export function usePatchUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; role?: "user" | "admin"; disabled?: boolean }) =>
      // The api client has no PATCH (spec §7); fetchJson has the same headers and failure model.
      fetchJson<TAdminUser>(`/api/admin/users/${id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "users"] }),
  });
}

export const useAllTeams = (params: Paged) =>
  useQuery({
    queryKey: ["admin", "teams", params] as const,
    queryFn: ({ signal }) =>
      api.get<TTeamListResponse>("/teams", { params: { ...params, all: true }, signal }),
    placeholderData: keepPreviousData,
  });

/** Audit rows: `/admin/audit` (admins) or a comic's / chapter's `/history`. */
export const useAudit = (url: string, params: Paged) =>
  useQuery({
    queryKey: ["audit", url, params] as const,
    queryFn: ({ signal }) => api.get<TAuditList>(url, { params, signal }),
    placeholderData: keepPreviousData,
  });

/** Every list the trash touches when something comes back. */
const RESTORED_KEYS = [["trash"], ["comics"], ["comic"], ["chapters"], ["teams"], ["admin"]] as const;

export const useTrash = (params: Paged & { type?: TTrashType }) =>
  useQuery({
    queryKey: ["trash", params] as const,
    queryFn: ({ signal }) => api.get<TTrashList>("/trash", { params, signal }),
    placeholderData: keepPreviousData,
  });

export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: TTrashType; id: number }) =>
      api.post<TTrashItem>(`/trash/${type}/${id}/restore`),
    onSuccess: () =>
      Promise.all(
        RESTORED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      ),
  });
}
