/**
 * The dashboard's page addresses, known to the browser and to the server alike:
 * - `/login` is the sign-in page, its own document (login.html);
 * - SIGNED_IN_PAGES are the routes behind the sign-in guard (docs/dashboard.md). The web router
 *   must declare exactly these under its guard (apps/web/src/app/router.test.ts checks it). The
 *   server sends a visitor without a session cookie from one of them straight to the sign-in page,
 *   so a first visit does not download the dashboard only to be sent away by its guard.
 * Any other address is public: /verify-email, and the 404 page, shown signed in or not.
 */

export const LOGIN_PATH = "/login";

/** The routes behind the guard, in the router's notation (`$name` is one path segment). */
export const SIGNED_IN_PAGES = [
  "/",
  "/dashboard",
  "/comics",
  "/comics/upload",
  "/comics/request",
  "/comics/$comicId",
  "/comics/$comicId/info",
  "/comics/$comicId/thumbnail",
  "/comics/$comicId/volumes",
  "/comics/$comicId/history",
  "/comics/$comicId/chapters",
  "/comics/$comicId/chapters/$chapterId",
  "/teams",
  "/teams/$teamId",
  "/teams/$teamId/info",
  "/teams/$teamId/members",
  "/teams/$teamId/webhooks",
  "/teams/$teamId/donate",
  "/teams/$teamId/credit",
  "/authors",
  "/artists",
  "/characters",
  "/requests",
  "/tokens",
  "/admin",
] as const;

/** Built on first use, so bundles that only link to the sign-in page do not carry the list. */
let signedInPattern: RegExp | undefined;

/** `pathname` (no search) is a page behind the guard; a trailing slash matches as the router does. */
export function isSignedInPage(pathname: string): boolean {
  signedInPattern ??= new RegExp(
    `^(?:${SIGNED_IN_PAGES.map((page) =>
      page
        .split("/")
        .map((segment) => (segment.startsWith("$") ? "[^/]+" : segment))
        .join("/"),
    ).join("|")})/?$`,
  );
  return signedInPattern.test(pathname);
}

/** `pathname` (no search) is the sign-in page. */
export function isLoginPage(pathname: string): boolean {
  return pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/`;
}

/**
 * `/login` with the given search, empty values left out: `/login?next=%2Fcomics` (`next`: where to
 * go after signing in; the sign-in page's other parameters: apps/web/src/features/auth/guard.ts).
 */
export function loginPageHref(search: { [key: string]: string | undefined } = {}): string {
  const query = Object.entries(search)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join("&");
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

/**
 * Where a signed-out visitor of `next` (a path with its search) is sent: `/login?next=…`, or plain
 * `/login` for the home, where signing in lands anyway.
 */
export function signInHrefFor(next: string): string {
  return loginPageHref({ next: next === "/" ? undefined : next });
}
