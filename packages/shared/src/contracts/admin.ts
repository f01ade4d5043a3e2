/**
 * Contracts of the admin area `/api/admin/*` (platform admins only; 404 for anyone else).
 *
 *   GET   /admin/users?search&page&limit      -> ZAdminUserList
 *   PATCH /admin/users/:id  { role?, disabled? } -> ZAdminUser (disabling ends every session)
 *   GET   /admin/audit?search&entity&page&limit -> ZAuditList
 * The request queue is `GET /requests?scope=all`, teams `GET /teams?all=true`, the trash `GET /trash`.
 */
import { z } from "zod";
import { zIdParam } from "./comics";
import { zAdminPage, zAdminPagedList, zAdminSearch, zLimit } from "./paging";

export const ZAdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["user", "admin"]),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  teamCount: z.number().int(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUserQuery = z.object({ search: zAdminSearch, page: zAdminPage, limit: zLimit });
export const ZAdminUserList = zAdminPagedList("users", ZAdminUser);
export type TAdminUserList = z.infer<typeof ZAdminUserList>;
export const ZAdminUserParams = z.object({ id: zIdParam });
export const ZAdminUserPatch = z
  .object({
    role: z.enum(["user", "admin"], { error: () => "validation.invalid" }).optional(),
    disabled: z.boolean({ error: () => "validation.invalid" }).optional(),
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, {
    error: "validation.required",
    path: ["role"],
  })
  .meta({ id: "AdminUserPatch" });
export type TAdminUserPatch = z.infer<typeof ZAdminUserPatch>;

/** What an audit row records, as the admin audit list and a team's activity list show it. */
export const auditChangeFields = {
  /** team | member | invitation | donate | credit | comic | chapter | request ... */
  entity: z.string(),
  entityId: z.number().int().nullable(),
  /** e.g. create, update, delete, upload_cover, upload_logo, invite, revoke, accept, decline, change_role, remove, leave, transfer. */
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
};

/**
 * What an audit row is about, by its current name: `title` (a comic's title, a team's or an
 * entry's name; a request's comic or entry), a chapter's label parts, a request's kind and team.
 * Null parts: not that kind of record, or gone for good.
 */
export const ZAuditSubject = z.object({
  title: z.string().nullable(),
  chapter: z.object({ name: z.string(), order: z.number(), hideOrder: z.boolean() }).nullable(),
  request: z.object({ type: z.string(), teamName: z.string() }).nullable(),
});
export type TAuditSubject = z.infer<typeof ZAuditSubject>;

/** One audit row: who did what to which entity, with the values before and after. */
export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  teamId: z.number().int().nullable(),
  ...auditChangeFields,
  subject: ZAuditSubject,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditQuery = z.object({
  search: zAdminSearch,
  entity: z.string().trim().max(40).optional(),
  entityId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  page: zAdminPage,
  limit: zLimit,
});
/** A comic's or chapter's History tab: GET /comics/:id/history, /chapters/:id/history. */
export const ZHistoryQuery = z.object({ search: zAdminSearch, page: zAdminPage, limit: zLimit });
export const ZHistoryComicParams = z.object({ comicId: zIdParam });
export const ZHistoryChapterParams = z.object({ chapterId: zIdParam });
export const ZAuditList = zAdminPagedList("entries", ZAuditEntry);
export type TAuditList = z.infer<typeof ZAuditList>;
