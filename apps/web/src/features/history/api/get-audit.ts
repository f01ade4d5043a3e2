import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type AuditParams = { page: number; search?: string; limit?: number };

/** Whose audit rows: every row (admins, `/api/admin/audit`) or a comic's / chapter's history. */
export type AuditSource = { comicId: number } | { chapterId: number } | undefined;

/**
 * `GET /api/admin/audit`, `GET /api/comics/{comicId}/history` or `GET /api/chapters/{chapterId}/history`
 * (`?page&limit&search`): audit rows, newest first.
 */
export function getAudit(source: AuditSource, query: AuditParams, signal?: AbortSignal) {
  if (source && "comicId" in source) {
    const path = { comicId: source.comicId };
    return api.get("/api/comics/{comicId}/history", { params: { path, query }, signal });
  }
  if (source) {
    const path = { chapterId: source.chapterId };
    return api.get("/api/chapters/{chapterId}/history", { params: { path, query }, signal });
  }
  return api.get("/api/admin/audit", { params: { query }, signal });
}

/** Every audit list (admin, a comic's History, a chapter's History). */
export const auditQueryKeyAll = ["audit"] as const;

export const auditQueryOptions = (source: AuditSource, params: AuditParams) =>
  queryOptions({
    queryKey: [...auditQueryKeyAll, source ?? "all", params] as const,
    queryFn: ({ signal }) => getAudit(source, params, signal),
    placeholderData: keepPreviousData,
  });

export const useAudit = (source: AuditSource, params: AuditParams) =>
  useQuery(auditQueryOptions(source, params));
