/** SQL of the admin area: users with their team counts, and the audit log search. */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { containsPattern } from "../../db/sql";

export type AdminUserRow = {
  id: number;
  email: string;
  name: string;
  role: "user" | "admin";
  disabled_at: Date | string | null;
  created_at: Date | string;
  team_count: number;
};

const USER_SELECT = sql`
  select u.id, u.email, u.name, u.role, u.disabled_at, u.created_at,
    (select count(*)::int from team_members m join teams t on t.id = m.team_id and t.deleted_at is null
     where m.user_id = u.id) as team_count
  from users u`;

export async function listUsers(
  db: Executor,
  f: { search?: string | undefined; limit: number; offset: number },
) {
  const where = f.search
    ? sql`(vt_search_text(u.name) like ${containsPattern(f.search)} or u.email like ${`%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
    : sql`true`;
  const rows = await db.execute<AdminUserRow>(
    sql`${USER_SELECT} where ${where} order by u.id desc limit ${f.limit} offset ${f.offset}`,
  );
  const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${where}`);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

export async function findUser(db: Executor, id: number) {
  const rows = await db.execute<AdminUserRow>(sql`${USER_SELECT} where u.id = ${id}`);
  return rows.rows[0];
}

export type AuditSearchRow = {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  team_id: number | null;
  entity: string;
  entity_id: number | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date | string;
};

export interface AuditFilter {
  search?: string | undefined;
  entity?: string | undefined;
  entityId?: number | undefined;
  /** Entities as (entity, ids): e.g. a comic and its chapters for the comic's history. */
  subjects?: { entity: string; ids: number[] }[];
  limit: number;
  offset: number;
}

export async function searchAudit(db: Executor, f: AuditFilter) {
  const parts = [sql`true`];
  if (f.entity) parts.push(sql`a.entity = ${f.entity}`);
  if (f.entityId) parts.push(sql`a.entity_id = ${f.entityId}`);
  if (f.subjects) {
    const any = f.subjects
      .filter((s) => s.ids.length > 0)
      .map((s) => sql`(a.entity = ${s.entity} and a.entity_id = any(${`{${s.ids.join(",")}}`}::int[]))`);
    parts.push(any.length ? sql`(${sql.join(any, sql` or `)})` : sql`false`);
  }
  if (f.search) {
    parts.push(sql`(vt_search_text(coalesce(u.name, '')) like ${containsPattern(f.search)}
      or a.action like ${`%${f.search}%`} or a.entity like ${`%${f.search}%`}
      or vt_search_text(coalesce(a.before::text, '') || ' ' || coalesce(a.after::text, '')) like ${containsPattern(f.search)})`);
  }
  const where = sql.join(parts, sql` and `);
  const from = sql`from audit_log a left join users u on u.id = a.actor_id where ${where}`;
  const rows = await db.execute<AuditSearchRow>(sql`
    select a.id, a.actor_id, u.name as actor_name, a.team_id, a.entity, a.entity_id, a.action, a.before, a.after,
      a.created_at ${from} order by a.id desc limit ${f.limit} offset ${f.offset}`);
  const count = await db.execute<{ n: number }>(sql`select count(*)::int as n ${from}`);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}
