/**
 * The sign-in page's address. /login is its own document (login.html, src/sign-in-main.tsx) without
 * the dashboard's router: its views (register, forgot password, the reset link) are its search
 * string, switched with the history API; leaving it is a document load of the dashboard.
 */

import { loginPageHref } from "@vt/shared/pages";
import { type ComponentProps, type MouseEvent, useMemo, useSyncExternalStore } from "react";
import type { LoginSearch } from "./guard";

const optionalString = (value: string | null) => (value ? value : undefined);

export function parseLoginSearch(search: string): LoginSearch {
  const params = new URLSearchParams(search);
  const view = params.get("view");
  return {
    next: optionalString(params.get("next")),
    view: view === "register" || view === "forgot-password" ? view : undefined,
    mode: params.get("mode") === "reset" ? "reset" : undefined,
    token: optionalString(params.get("token")),
    error: optionalString(params.get("error")),
  };
}

const CHANGE = "vt-login-location";

function subscribe(onChange: () => void) {
  window.addEventListener("popstate", onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

/** The page's search, read again when a link below or Back/Forward changes it. */
export function useLoginSearch(): LoginSearch {
  const search = useSyncExternalStore(subscribe, () => window.location.search);
  return useMemo(() => parseLoginSearch(search), [search]);
}

type LoginLinkProps = Omit<ComponentProps<"a">, "href"> & { search: LoginSearch; replace?: boolean };

/** A link to another view of /login: switched in place (a new history entry unless `replace`). */
export function LoginLink({ search, replace = false, onClick, ...props }: LoginLinkProps) {
  const href = loginPageHref(search);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A new tab or window (modifier keys, middle click) opens the address as it is.
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history[replace ? "replaceState" : "pushState"](null, "", href);
    window.dispatchEvent(new Event(CHANGE));
  };
  return <a href={href} onClick={follow} {...props} />;
}
