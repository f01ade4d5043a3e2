/**
 * The admin area (platform admins only: everyone else gets 404, the area does not exist for them):
 * users (search, grant/revoke admin, disable an account and end its sessions and API tokens) and the
 * audit log, and the progress of the page fingerprint backfill.
 */
import type { TAdminUser, TAdminUserList, TAuditEntry, TAuditList } from "@vt/shared/contracts/admin";
import type { TPageFingerprintStatus } from "@vt/shared/contracts/page-checks";
import { pageWindow, totalPages } from "@vt/shared/paging";
import { revokeApiTokens } from "../../auth/api-token";
import { deleteUserSessions, type SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import type { JobEngine } from "../../jobs/engine";
import { fingerprintStatus, queueFingerprintRun } from "../../jobs/pages-fingerprint.job";
import { AppError } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit";
import { updateUser } from "../users/users.service";
import * as repo from "./admin.repo";

const iso = (d: Date | string) => new Date(d).toISOString();

/** The area's gate: 404 (not 403) so it does not even exist for others. */
export function requireAdminArea(user: SessionUser): void {
  if (user.role !== "admin") throw new AppError("NOT_FOUND");
}

function toUser(r: repo.AdminUserRow): TAdminUser {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    disabledAt: r.disabled_at === null ? null : iso(r.disabled_at),
    createdAt: iso(r.created_at),
    teamCount: Number(r.team_count),
  };
}

export async function listUsers(
  db: Db,
  user: SessionUser,
  q: { search?: string | undefined; page: number; limit: number },
): Promise<TAdminUserList> {
  requireAdminArea(user);
  const { rows, total } = await repo.listUsers(db, {
    search: q.search || undefined,
    ...pageWindow(q),
  });
  return { users: rows.map(toUser), total, totalPages: totalPages(total, q.limit) };
}

export async function patchUser(
  db: Db,
  user: SessionUser,
  id: number,
  patch: { role?: "user" | "admin" | undefined; disabled?: boolean | undefined },
): Promise<TAdminUser> {
  requireAdminArea(user);
  const target = await repo.findUser(db, id);
  if (!target) throw new AppError("NOT_FOUND");
  if (id === user.id && (patch.role === "user" || patch.disabled === true)) {
    throw new AppError("CONFLICT", "review.cannotDisableSelf");
  }
  await db.transaction(async (tx) => {
    const values: Parameters<typeof updateUser>[2] = {};
    if (patch.role !== undefined) values.role = patch.role;
    if (patch.disabled !== undefined) values.disabledAt = patch.disabled ? new Date() : null;
    await updateUser(tx, id, values);
    // Its API tokens end with the account, so re-enabling it revives none.
    if (patch.disabled) await revokeApiTokens(tx, id);
    await writeAudit(tx, {
      actorId: user.id,
      teamId: null,
      entity: "user",
      entityId: id,
      action: "admin_update",
      before: { role: target.role, disabled: target.disabled_at !== null },
      after: {
        role: patch.role ?? target.role,
        disabled: patch.disabled ?? target.disabled_at !== null,
      },
    });
  });
  if (patch.disabled) await deleteUserSessions(db, id);
  return toUser((await repo.findUser(db, id))!);
}

export function toAuditEntry(r: repo.AuditSearchRow): TAuditEntry {
  return {
    id: r.id,
    actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? "" },
    teamId: r.team_id,
    entity: r.entity,
    entityId: r.entity_id,
    action: r.action,
    before: r.before,
    after: r.after,
    createdAt: iso(r.created_at),
    subject: {
      title: r.subject_title ?? null,
      chapter:
        r.chapter_order === null || r.chapter_order === undefined
          ? null
          : {
              name: r.chapter_name ?? "",
              order: Number(r.chapter_order),
              hideOrder: r.chapter_hide_order === true,
            },
      request: r.request_type ? { type: r.request_type, teamName: r.request_team ?? "" } : null,
    },
  };
}

export async function searchAudit(
  db: Db,
  user: SessionUser,
  q: {
    search?: string | undefined;
    entity?: string | undefined;
    entityId?: number | undefined;
    page: number;
    limit: number;
  },
): Promise<TAuditList> {
  requireAdminArea(user);
  const { rows, total } = await repo.searchAudit(db, {
    search: q.search || undefined,
    entity: q.entity || undefined,
    entityId: q.entityId,
    ...pageWindow(q),
  });
  return { entries: rows.map(toAuditEntry), total, totalPages: totalPages(total, q.limit) };
}

/** Audit rows about given subjects (a comic's or chapter's History tab; access checked by the caller). */
export async function subjectAudit(
  db: Db,
  subjects: { entity: string; ids: number[] }[],
  q: { search?: string | undefined; page: number; limit: number },
): Promise<TAuditList> {
  const { rows, total } = await repo.searchAudit(db, {
    search: q.search || undefined,
    subjects,
    ...pageWindow(q),
  });
  return { entries: rows.map(toAuditEntry), total, totalPages: totalPages(total, q.limit) };
}

/** How far the `pages.fingerprint` backfill has come (docs/page-checks.md). */
export async function pageFingerprintStatus(db: Db, user: SessionUser): Promise<TPageFingerprintStatus> {
  requireAdminArea(user);
  const s = await fingerprintStatus(db);
  return { ...s, lastFinishedAt: s.lastFinishedAt === null ? null : iso(s.lastFinishedAt) };
}

/**
 * `POST /api/admin/page-fingerprints/run`: queues the backfill now (nothing new when a run is going
 * on or queued) and answers its progress; 503 when this instance runs no job engine.
 */
export async function runPageFingerprints(
  db: Db,
  jobs: JobEngine | null,
  user: SessionUser,
): Promise<TPageFingerprintStatus> {
  requireAdminArea(user);
  if (!jobs) throw new AppError("SERVICE_UNAVAILABLE");
  await queueFingerprintRun(db, jobs);
  return pageFingerprintStatus(db, user);
}
