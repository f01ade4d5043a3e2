/**
 * Contracts of the trash: deleted comics, chapters and teams stay restorable for
 * TRASH_DAYS days, then the purge job removes them and their files (docs/requests.md, "Trash").
 *
 *   GET  /trash?type&search&page&limit          -> ZTrashList
 *   POST /trash/:type/:id/restore               -> ZTrashItem (restored)
 */
import { z } from "zod";
import { zIdParam } from "./comics";
import { zAdminPage, zAdminPagedList, zAdminSearch, zLimit } from "./paging";

export const TRASH_DAYS = 30;
export const TRASH_TYPES = ["comic", "chapter", "team"] as const;
export const ZTrashType = z.enum(TRASH_TYPES, { error: () => "validation.invalid" });
export type TTrashType = z.infer<typeof ZTrashType>;

export const ZTrashItem = z.object({
  type: ZTrashType,
  id: z.number().int(),
  /** Comic title, team name, or the chapter's name ("" when unnamed; see `order`). */
  name: z.string(),
  /** A chapter's order (null for comics and teams). */
  order: z.number().nullable(),
  /** A chapter's comic. */
  comic: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  deletedAt: z.string(),
  deletedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When the purge job removes it for good. */
  purgeAt: z.string(),
});
export type TTrashItem = z.infer<typeof ZTrashItem>;

export const ZTrashQuery = z.object({
  type: ZTrashType.optional(),
  search: zAdminSearch,
  page: zAdminPage,
  limit: zLimit,
});
export const ZTrashList = zAdminPagedList("items", ZTrashItem);
export type TTrashList = z.infer<typeof ZTrashList>;
export const ZTrashParams = z.object({ type: ZTrashType, id: zIdParam });
