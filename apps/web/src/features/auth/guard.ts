/**
 * Route guard rules (docs/dashboard.md, "Pages and the guard"): every route but /login needs a user
 * id; without one the user is sent, replacing history, to /login?next={current path}.
 */

import { LOGIN_PATH, signInHrefFor } from "@vt/shared/pages";

/** The path (with search) to come back to after signing in. Hash fragments are not kept. */
export function currentPathWithSearch(location: { pathname: string; searchStr?: string }): string {
  return `${location.pathname}${location.searchStr ?? ""}`;
}

/** Only same-site absolute paths are followed after sign-in (no open redirect, no loop to /login). */
export function safeNextPath(next: unknown): string {
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) {
    return "/";
  }
  if (next === LOGIN_PATH || next.startsWith(`${LOGIN_PATH}?`) || next.startsWith(`${LOGIN_PATH}/`))
    return "/";
  return next;
}

/**
 * /login search: `next` (where to go after signing in), `view` (register, forgot password),
 * `mode=reset&token=…` (the password-reset mail's link, built by the API), and `error` (set by the
 * identity provider when a third-party sign-in comes back failed).
 */
export type LoginSearch = {
  next?: string;
  view?: "register" | "forgot-password";
  mode?: "reset";
  token?: string;
  error?: string;
};

/** Where the guard sends a signed-out visitor of `location`, replacing history. */
export function loginHref(location: { pathname: string; searchStr?: string }): string {
  return signInHrefFor(currentPathWithSearch(location));
}

export function isSignedIn(user: { id?: unknown } | undefined): boolean {
  return user?.id !== undefined && user.id !== null && user.id !== "";
}
