import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminUsersQueryKeyAll } from "./get-admin-users";

export type PatchUserBody = { role?: "user" | "admin"; disabled?: boolean };

/** `PATCH /api/admin/users/{id}`: changes a user's role or disables / enables the account. */
export function patchUser(id: number, body: PatchUserBody) {
  return api.patch("/api/admin/users/{id}", body, { params: { path: { id } } });
}

export function usePatchUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & PatchUserBody) => patchUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKeyAll }),
  });
}
