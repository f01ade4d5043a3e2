/**
 * Keyset anchors for deep pages of `GET /comics`, under the platform's `page` parameter: when a page
 * is served, the id of its first comic is remembered for (filters, limit, page). A later request for
 * page N starts from the nearest remembered page at or before it (`from` + a short offset) instead
 * of an OFFSET that reads every earlier row, so page 2000 costs what page 1 does once it or a page
 * shortly before it was served. Anchors live in the process for ANCHOR_TTL_MS and are all
 * dropped by any successful write request this process answers (clearAnchorsAfterWrite); writes
 * through another instance may shift pages for that long, as any paging under concurrent writes does.
 * The request-state lists (delete-/merge-requested) never use anchors.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ListFilters } from "./comics-list.repo";

const ANCHOR_TTL_MS = 30_000;
const MAX_LISTS = 500;

type Anchors = { at: number; pages: Map<number, number> };
const lists = new Map<string, Anchors>();

const listKey = (f: ListFilters) =>
  JSON.stringify([
    f.scope,
    f.teamIds,
    f.search,
    f.searchBy,
    f.status,
    f.sort,
    f.genres,
    f.includeMature,
    f.limit,
  ]);

/** The keyset start for page `page` (1-based): `from` (a comic id) and the offset left from there. */
export function anchorFor(f: ListFilters, page: number): { from?: number; offset: number } {
  const offset = (page - 1) * f.limit;
  if (f.status === "delete-requested" || f.status === "merge-requested") return { offset };
  const list = lists.get(listKey(f));
  if (!list || Date.now() - list.at > ANCHOR_TTL_MS) return { offset };
  let best = 0;
  for (const p of list.pages.keys()) if (p <= page && p > best) best = p;
  if (best <= 1) return { offset };
  return { from: list.pages.get(best)!, offset: (page - best) * f.limit };
}

/** Remembers the first comic of page `page`. */
export function rememberAnchor(f: ListFilters, page: number, firstId: number | undefined): void {
  if (firstId === undefined || page === 1) return;
  const key = listKey(f);
  let list = lists.get(key);
  if (!list || Date.now() - list.at > ANCHOR_TTL_MS) {
    if (lists.size >= MAX_LISTS) lists.delete(lists.keys().next().value!);
    list = { at: Date.now(), pages: new Map() };
    lists.set(key, list);
  }
  list.pages.set(page, firstId);
}

/** onResponse hook of the app: a successful write may have changed which comics a list holds. */
export async function clearAnchorsAfterWrite(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (lists.size > 0 && request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) {
    lists.clear();
  }
}
