/**
 * The clientIds of the files a chapter's upload run is still sending, kept in localStorage (per
 * chapter) so a tab closed mid-upload reopens with "n files missing" (./pages-session.ts).
 */

const PENDING_KEY = (chapterId: number) => `vt-chapter-pending:${chapterId}`;

export function readPending(chapterId: number): string[] {
  try {
    const raw = window.localStorage.getItem(PENDING_KEY(chapterId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function writePending(chapterId: number, ids: readonly string[]) {
  try {
    if (ids.length === 0) window.localStorage.removeItem(PENDING_KEY(chapterId));
    else window.localStorage.setItem(PENDING_KEY(chapterId), JSON.stringify(ids));
  } catch {
    // Storage unavailable: a reopened draft simply does not say how many files are missing.
  }
}

export function addPending(chapterId: number, ids: readonly string[]) {
  writePending(chapterId, [...new Set([...readPending(chapterId), ...ids])]);
}
