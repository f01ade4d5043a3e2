import type { FastifyBaseLogger } from "fastify";
import type { SessionUser } from "../../auth/session";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Executor, Tx } from "../../db/executor";
import { AppError } from "../../lib/app-error";
import { type AuditEntry, writeAudit } from "../../lib/audit";
import type { Storage } from "../../storage/storage";
import type { ComicRow } from "./comics.repo";
import * as repo from "./comics.repo";

export interface ComicsDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, "siteUrl" | "matureSiteUrl">;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  /** Queues a changed cover's thumbnail after the commit (absent: the daily backfill makes it). */
  queueThumbnails?: (data: { comicIds: number[] }) => Promise<void>;
}

export const notFound = () => new AppError("NOT_FOUND");
export const forbidden = () => new AppError("FORBIDDEN");
export const isAdmin = (user: SessionUser) => user.role === "admin";

// ── Access ────────────────────────────────────────────────────────────────────

export type ComicNeed = "view" | "edit" | "collab" | "admin";

export interface ComicAccess extends repo.ComicAccessRow {
  isAdmin: boolean;
  canUpload: boolean;
  canEdit: boolean;
  canManageCollab: boolean;
}

export function checkComicAccess(input: repo.ComicAccessRow | undefined, user: SessionUser, need: ComicNeed) {
  if (!input) throw notFound();
  const row = user.token ? narrowToToken(input, user.token.teamId) : input;
  const admin = isAdmin(user);
  const access: ComicAccess = {
    ...row,
    isAdmin: admin,
    canUpload: admin || row.uploadTeams.length > 0,
    canEdit: admin || row.ownerRole !== null,
    canManageCollab: admin || row.ownerRole === "owner" || row.ownerRole === "manager",
  };
  if (!access.canUpload) throw notFound();
  if (need === "edit" && !access.canEdit) throw forbidden();
  if (need === "collab" && !access.canManageCollab) throw forbidden();
  if (need === "admin" && !admin) throw forbidden();
  return access;
}

/** An API token acts for its one team only: the user's other teams give it nothing. */
export function narrowToToken(row: repo.ComicAccessRow, teamId: number): repo.ComicAccessRow {
  return {
    ...row,
    uploadTeams: row.uploadTeams.filter((t) => t.id === teamId),
    ownerRole: row.comic.teamId === teamId ? row.ownerRole : null,
  };
}

/** The caller's access to a live comic: 404 when it is not visible to them, 403 when the right is missing. */
export async function comicAccess(
  db: Executor,
  user: SessionUser,
  comicId: number,
  need: ComicNeed,
  options: { lock?: boolean } = {},
): Promise<ComicAccess> {
  return checkComicAccess(await repo.findComicAccess(db, comicId, user.id, options), user, need);
}

/**
 * The team a new chapter of the comic belongs to when the uploader names none: the caller's first
 * team that may upload to it (the owner team first), else the comic's own team (an admin).
 */
export function defaultChapterTeam(access: ComicAccess): number {
  return access.uploadTeams[0]?.id ?? access.comic.teamId;
}

/** Runs a change in one transaction with the comic row locked and the caller's access re-read under the lock. */
export function inComicTx<T>(
  db: Db,
  user: SessionUser,
  comicId: number,
  need: ComicNeed,
  fn: (tx: Tx, access: ComicAccess) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => fn(tx, await comicAccess(tx, user, comicId, need, { lock: true })));
}

export function comicAudit(
  tx: Executor,
  user: SessionUser,
  comic: Pick<ComicRow, "id" | "teamId">,
  entry: Omit<AuditEntry, "actorId" | "teamId" | "entity" | "entityId">,
) {
  return writeAudit(tx, {
    actorId: user.id,
    teamId: comic.teamId,
    entity: "comic",
    entityId: comic.id,
    ...entry,
  });
}
