/**
 * The audit trail (every module writes it, teams read it). `writeAudit` takes the transaction of the change it records, so an entry
 * exists exactly when the change committed.
 */
import { count, desc, eq } from "drizzle-orm";
import type { Executor } from "../db/executor";
import { auditLog } from "../db/schema/audit";
import { users } from "../db/schema/users";

export interface AuditEntry {
  actorId: number | null;
  teamId: number | null;
  entity: string;
  entityId: number | null;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    teamId: entry.teamId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditRow {
  id: number;
  actor: { id: number; name: string; avatar: string | null } | null;
  entity: string;
  entityId: number | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: Date;
}

/** A team's entries, newest first. */
export async function listTeamAudit(
  db: Executor,
  teamId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = eq(auditLog.teamId, teamId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorId: users.id,
        actorName: users.name,
        actorAvatar: users.avatar,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    total: totals?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? "", avatar: r.actorAvatar },
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      before: r.before ?? null,
      after: r.after ?? null,
      createdAt: r.createdAt,
    })),
  };
}

/** The fields of `after` whose value differs from `before`, as { before, after } slices. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}
