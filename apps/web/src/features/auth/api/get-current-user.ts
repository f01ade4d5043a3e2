import { api, isApiError } from "@/lib/api-client";
import type { AuthUser } from "../auth-store";

/**
 * `GET /api/users/me`: the user of the current session cookie, or undefined when signed out
 * (401, or 404 while the endpoint does not exist yet). Other failures are thrown.
 */
export async function getCurrentUser(): Promise<AuthUser | undefined> {
  try {
    const user = await api.get<AuthUser | null>("/users/me");
    return user && user.id !== undefined && user.id !== null ? user : undefined;
  } catch (error) {
    if (isApiError(error) && (error.kind === "unauthorized" || error.kind === "not-found")) return undefined;
    throw error;
  }
}
