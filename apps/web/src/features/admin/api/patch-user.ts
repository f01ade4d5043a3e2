import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUserPatch } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { adminUsersQueryKeyAll } from "./get-admin-users";

/** `PATCH /api/admin/users/{id}`: changes a user's role or disables / enables the account. */
export function patchUser(id: number, body: AdminUserPatch) {
  return api.patch("/api/admin/users/{id}", body, { params: { path: { id } } });
}

export function usePatchUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & AdminUserPatch) => patchUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKeyAll }),
  });
}
