import { SIDEBAR_COOKIE_MAX_AGE_SECONDS, SIDEBAR_COOKIE_NAME } from "@vt/shared/constants";

/** The remembered desktop sidebar state from a `document.cookie` string; undefined when never set. */
export function readSidebarCookie(cookies: string): boolean | undefined {
  for (const part of cookies.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SIDEBAR_COOKIE_NAME) {
      const value = rest.join("=");
      if (value === "true") return true;
      if (value === "false") return false;
    }
  }
  return undefined;
}

/** The `document.cookie` assignment that remembers the sidebar state for 7 days. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export function writeSidebarCookie(open: boolean, doc: Document = document) {
  doc.cookie = sidebarCookie(open);
}
