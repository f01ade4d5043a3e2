/**
 * "Your session ended" crosses one document load: the dashboard marks it when a 401 ends the
 * session (app/session-end.ts) and loads /login, which says it once (sign-in-main.tsx).
 */
const KEY = "vt-session-ended";

export function markSessionEnded(): void {
  try {
    window.sessionStorage.setItem(KEY, "1");
  } catch {
    // Storage refused (private mode quota): the sign-in page then simply does not say why.
  }
}

/** Whether the session just ended, forgetting it (said once). */
export function takeSessionEnded(): boolean {
  try {
    const ended = window.sessionStorage.getItem(KEY) !== null;
    window.sessionStorage.removeItem(KEY);
    return ended;
  } catch {
    return false;
  }
}
