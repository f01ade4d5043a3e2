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
  /** The entry's record by its current name: a comic's title, a team's name, a chapter's label parts, a request's kind and team. */
  subject_title: string | null;
  chapter_name: string | null;
  chapter_order: number | null;
  chapter_hide_order: boolean | null;
  request_type: string | null;
  request_team: string | null;
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
  // Names of the page's records, as they are now (one join each, on the page's rows only).
  const rows = await db.execute<AuditSearchRow>(sql`
    with page as (
      select a.id, a.actor_id, u.name as actor_name, a.team_id, a.entity, a.entity_id, a.action, a.before, a.after,
        a.created_at ${from} order by a.id desc limit ${f.limit} offset ${f.offset})
    select page.*,
      coalesce(sc.title, st.name, sp.name, rc.title, rp.name) as subject_title,
      sch.name as chapter_name, sch.order_num as chapter_order, sch.hide_order as chapter_hide_order,
      sr.type as request_type, srt.name as request_team
    from page
      left join comics sc on page.entity = 'comic' and sc.id = page.entity_id
      left join teams st on page.entity = 'team' and st.id = page.entity_id
      left join people sp on page.entity = 'person' and sp.id = page.entity_id
      left join chapters sch on page.entity = 'chapter' and sch.id = page.entity_id
      left join requests sr on page.entity = 'request' and sr.id = page.entity_id
      left join teams srt on srt.id = sr.team_id
      left join comics rc on rc.id = sr.comic_id
      left join people rp on rp.id = sr.person_id
    order by page.id desc`);
  const count = await db.execute<{ n: number }>(sql`select count(*)::int as n ${from}`);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}
