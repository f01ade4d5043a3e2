/**
 * Route guard rules (spec §2): every route but /login needs a user id; without one the user is
 * redirected, replacing history, to /login?next={current path}.
 */

export const LOGIN_PATH = "/login";

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

/** The redirect the guard issues, in the shape TanStack Router's `redirect()` takes. */
export function loginRedirect(location: { pathname: string; searchStr?: string }) {
  return {
    to: LOGIN_PATH,
    search: { next: currentPathWithSearch(location) },
    replace: true,
  } as const;
}

/** The URL the guard sends to, as the browser shows it: `/login?next=%2Fcomics`. */
export function loginHref(location: { pathname: string; searchStr?: string }): string {
  const { to, search } = loginRedirect(location);
  return `${to}?${new URLSearchParams(search).toString()}`;
}

export function isSignedIn(user: { id?: unknown } | undefined): boolean {
  return user?.id !== undefined && user.id !== null && user.id !== "";
}
