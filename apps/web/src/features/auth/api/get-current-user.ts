import { api } from "@/lib/api-client";
import type { AuthUser } from "../auth-store";

/**
 * `GET /api/users/session`: the user of the current session cookie, or undefined when signed out.
 * It answers 200 either way, so the boot check (on /login too) makes no request that must fail;
 * other failures are thrown. It runs at boot, before the first render.
 */
export async function getCurrentUser(): Promise<AuthUser | undefined> {
  const { user }: { user: AuthUser | null } = await api.get("/api/users/session");
  return user ?? undefined;
}
