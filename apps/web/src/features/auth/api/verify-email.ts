import type { VerifiedUser } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";

/**
 * `POST /api/users/verify-email`: the link of the verification mail. Verifies the e-mail, opens
 * the uploader session and answers the user (with `choosePassword`: the link ended the sign-up
 * password, so the page asks for a new one). A link works once, so a page asking twice for the
 * same token (React's development double effects, a re-render) shares one request.
 */
const inFlight = new Map<string, Promise<VerifiedUser>>();
export function verifyEmail(token: string): Promise<VerifiedUser> {
  let request = inFlight.get(token);
  if (!request) {
    request = api.post("/api/users/verify-email", { token });
    inFlight.set(token, request);
  }
  return request;
}
