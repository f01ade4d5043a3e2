import { api } from "@/lib/api-client";
import { isApiError } from "@/lib/api-error";
import type { AuthUser } from "../auth-store";

/**
 * `GET /api/users/me`: the user of the current session cookie, or undefined when signed out (401).
 * Other failures are thrown. It runs at boot, before the first render.
 */
export async function getCurrentUser(): Promise<AuthUser | undefined> {
  try {
    const user: AuthUser | null | undefined = await api.get("/api/users/me");
    return user && user.id !== undefined && user.id !== null ? user : undefined;
  } catch (error) {
    if (isApiError(error) && error.kind === "unauthorized") return undefined;
    throw error;
  }
}
