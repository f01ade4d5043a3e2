/**
 * The audit trail (every module writes it, teams read it). `writeAudit` takes the transaction of the change it records, so an entry
 * exists exactly when the change committed.
 */
import type { AuditAction, AuditEntity } from "@vt/shared/audit-actions";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../db/executor";
import { auditLog } from "../db/schema/audit";
import { chapters } from "../db/schema/chapters";
import { comics } from "../db/schema/comics";
import { requests } from "../db/schema/requests";
import { users } from "../db/schema/users";

export interface AuditEntry {
  actorId: number | null;
  teamId: number | null;
  /** Listed in @vt/shared/audit-actions (each entity and action has a sentence in the web). */
  entity: AuditEntity;
  entityId: number | null;
  action: AuditAction;
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

/**
 * One user action, one entry: an upload of N pages sent as several requests (the dashboard sends
 * one per file) extends the entity's newest entry when it is the same action by the same person,
 * within `withinMinutes`, with nothing else recorded about the entity in between; the list under
 * `listKey` in `after` grows. Anything else is a new entry. The caller holds the entity's row lock,
 * so two uploads to one chapter never both insert.
 */
export async function writeAuditExtending(
  tx: Executor,
  entry: AuditEntry & { after: Record<string, unknown> },
  listKey: string,
  withinMinutes = 10,
): Promise<void> {
  // One statement: extend the newest entry when it qualifies, else insert a new one.
  const added = JSON.stringify(entry.after[listKey] ?? []);
  await tx.execute(sql`
    with last as (
      select id, actor_id, action, created_at from audit_log
      where entity = ${entry.entity} and entity_id = ${entry.entityId}
      order by id desc limit 1),
    extended as (
      update audit_log a
      set after = jsonb_set(a.after, ${`{${listKey}}`}::text[], coalesce(a.after->${listKey}, '[]'::jsonb) || ${added}::jsonb)
      from last
      where a.id = last.id and last.action = ${entry.action} and last.actor_id is not distinct from ${entry.actorId}::int
        and last.created_at > now() - make_interval(mins => ${withinMinutes})
      returning a.id)
    insert into audit_log (actor_id, team_id, entity, entity_id, action, before, after)
    select ${entry.actorId}::int, ${entry.teamId}::int, ${entry.entity}, ${entry.entityId}::int, ${entry.action},
      ${entry.before ? JSON.stringify(entry.before) : null}::jsonb, ${JSON.stringify(entry.after)}::jsonb
    where not exists (select 1 from extended)`);
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
  /** What the entry is about, by name, for the activity sentence (the comic, the chapter). */
  subject: {
    comicTitle: string | null;
    chapter: { name: string; order: number; hideOrder: boolean } | null;
  };
}

const auditComic = alias(comics, "audit_comic");
const auditChapter = alias(chapters, "audit_chapter");
const auditRequest = alias(requests, "audit_request");
const subjectComic = alias(comics, "audit_subject_comic");

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
        comicTitle: sql<string | null>`coalesce(${auditComic.title}, ${subjectComic.title})`,
        chapterName: auditChapter.name,
        chapterOrder: auditChapter.order,
        chapterHideOrder: auditChapter.hideOrder,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      // Names of what the entry is about, as they are now (one join each, no query per entry).
      .leftJoin(auditComic, and(eq(auditLog.entity, "comic"), eq(auditComic.id, auditLog.entityId)))
      .leftJoin(auditChapter, and(eq(auditLog.entity, "chapter"), eq(auditChapter.id, auditLog.entityId)))
      .leftJoin(auditRequest, and(eq(auditLog.entity, "request"), eq(auditRequest.id, auditLog.entityId)))
      .leftJoin(
        subjectComic,
        sql`${subjectComic.id} = coalesce(${auditChapter.comicId}, ${auditRequest.comicId})`,
      )
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
      subject: {
        comicTitle: r.comicTitle ?? null,
        chapter:
          r.chapterOrder === null
            ? null
            : { name: r.chapterName ?? "", order: r.chapterOrder, hideOrder: r.chapterHideOrder ?? false },
      },
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
