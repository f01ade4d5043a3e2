import { api } from "@/lib/api-client";

/**
 * `POST /api/users/password`: the password chosen right after the verification link, which ended
 * the one given at sign-up (docs/identity.md, "What a proof of the address ends").
 */
export function choosePassword(password: string): Promise<unknown> {
  return api.post("/api/users/password", { password });
}
