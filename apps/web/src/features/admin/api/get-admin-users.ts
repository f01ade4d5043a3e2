import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type AdminListParams = { page: number; search?: string; limit?: number };

/** Every admin list (the users and all teams; invalidated when something comes back from the trash). */
export const adminQueryKeyAll = ["admin"] as const;

/** Every page of the admin users list. */
export const adminUsersQueryKeyAll = [...adminQueryKeyAll, "users"] as const;

/** `GET /api/admin/users?page&limit&search`: one page of users with their team count. */
export function getAdminUsers(params: AdminListParams, signal?: AbortSignal) {
  return api.get("/api/admin/users", { params: { query: params }, signal });
}

export const adminUsersQueryOptions = (params: AdminListParams) =>
  queryOptions({
    queryKey: [...adminUsersQueryKeyAll, params] as const,
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: AdminListParams) => useQuery(adminUsersQueryOptions(params));
