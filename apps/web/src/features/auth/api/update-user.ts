import { api } from "@/lib/api-client";
import type { AuthUser } from "../auth-store";

/** Partial profile fields the server accepts. */
export type UpdateUserRequest = { name?: string; avatar?: string | null };

/** `PUT /api/users/{id}`: updates one's own profile (another id: 403) and returns the user. */
export function updateUser(id: AuthUser["id"], fields: UpdateUserRequest) {
  return api.put("/api/users/{id}", fields, { params: { path: { id: Number(id) } } });
}
