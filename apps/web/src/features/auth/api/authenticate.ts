import { api } from "@/lib/api-client";

export type AuthenticateRequest = {
  email: string;
  name?: string;
  avatar?: string;
  /** The identity provider's ID token; the server verifies it and trusts its claims over hints. */
  token: string;
};

/** `POST /api/users/auth`: exchanges an ID token for an uploader session (cookie) and its user. */
export function authenticate(body: AuthenticateRequest) {
  return api.post("/api/users/auth", body);
}
