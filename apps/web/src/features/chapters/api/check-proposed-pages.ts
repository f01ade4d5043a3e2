import type { PageChecksRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";

/**
 * `POST /api/comics/{comicId}/page-checks`: the page checks of chapters not uploaded yet, from the
 * fingerprints computed in the browser (docs/page-checks.md, "Before anything is uploaded"). Nothing
 * is written; the bulk import preview sends the chapters in slices under the caps.
 */
export function checkProposedPages(comicId: number, body: PageChecksRequest) {
  return api.post("/api/comics/{comicId}/page-checks", body, { params: { path: { comicId } } });
}
