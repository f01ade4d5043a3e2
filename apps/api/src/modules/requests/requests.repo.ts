/**
 * SQL of requests (permission, delete, merge, person delete). Reads join the team, user, comics and
 * person in one query per page; the service decides who may see or review what.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { type RequestStatus, type RequestType, requests } from "../../db/schema/requests";
import { intArray } from "../../db/sql";

export type RequestRow = typeof requests.$inferSelect;

export type RequestViewRow = {
  id: number;
  type: RequestType;
  status: RequestStatus;
  reason: string;
  team_id: number;
  team_name: string;
  user_id: number | null;
  user_name: string | null;
  comic_id: number | null;
  comic_title: string | null;
  target_comic_id: number | null;
  target_title: string | null;
  person_id: number | null;
  person_name: string | null;
  person_kind: "author" | "artist" | "character" | null;
  created_at: Date | string;
  reviewed_at: Date | string | null;
  reviewed_by: number | null;
  reviewer_name: string | null;
  note: string;
  /** The owning team of the comic (null for person requests). */
  comic_team_id: number | null;
};

const SELECT = sql`
  select r.id, r.type, r.status, r.reason, r.team_id, t.name as team_name, r.user_id, u.name as user_name,
    r.comic_id, c.title as comic_title, r.target_comic_id, tc.title as target_title,
    r.person_id, p.name as person_name, p.kind as person_kind,
    r.created_at, r.reviewed_at, r.reviewed_by, rv.name as reviewer_name, r.note,
    c.team_id as comic_team_id
  from requests r
  join teams t on t.id = r.team_id
  left join users u on u.id = r.user_id
  left join comics c on c.id = r.comic_id
  left join comics tc on tc.id = r.target_comic_id
  left join people p on p.id = r.person_id
  left join users rv on rv.id = r.reviewed_by`;

/**
 * Inserts a pending request; returns undefined when the same team already has a pending request of
 * this type on the same comic or person (the unique index `requests_one_pending_key`).
 */
export async function insertPending(
  tx: Executor,
  values: {
    type: RequestType;
    teamId: number;
    userId: number;
    reason: string;
    comicId?: number | null;
    targetComicId?: number | null;
    personId?: number | null;
  },
): Promise<RequestRow | undefined> {
  const [row] = await tx.insert(requests).values(values).onConflictDoNothing().returning();
  return row;
}

export async function viewRequest(db: Executor, id: number): Promise<RequestViewRow | undefined> {
  const result = await db.execute<RequestViewRow>(sql`${SELECT} where r.id = ${id}`);
  return result.rows[0];
}

/** The requests about a comic (subject or merge target), with what maySee reads. */
export async function requestsAbout(db: Executor, comicId: number) {
  const result = await db.execute<Pick<RequestViewRow, "id" | "team_id" | "type" | "comic_team_id">>(sql`
    select r.id, r.team_id, r.type, c.team_id as comic_team_id
    from requests r left join comics c on c.id = r.comic_id
    where r.comic_id = ${comicId} or r.target_comic_id = ${comicId}`);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export interface RequestFilters {
  /** Only requests filed by these teams. */
  teamIds?: number[];
  /** Only requests these teams may review: permission requests on comics they own. */
  reviewTeamIds?: number[];
  type?: RequestType | undefined;
  status?: RequestStatus | undefined;
  comicId?: number | undefined;
  limit: number;
  offset: number;
}

function filterWhere(f: RequestFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.teamIds) parts.push(sql`r.team_id = any(${intArray(f.teamIds)})`);
  if (f.reviewTeamIds) {
    parts.push(sql`r.type = 'permission' and exists (
      select 1 from comics oc where oc.id = r.comic_id and oc.team_id = any(${intArray(f.reviewTeamIds)}))`);
  }
  if (f.type) parts.push(sql`r.type = ${f.type}`);
  if (f.status) parts.push(sql`r.status = ${f.status}`);
  if (f.comicId) parts.push(sql`(r.comic_id = ${f.comicId} or r.target_comic_id = ${f.comicId})`);
  return sql.join(parts, sql` and `);
}

export async function listRequests(
  db: Executor,
  f: RequestFilters,
): Promise<{ rows: RequestViewRow[]; total: number }> {
  const where = filterWhere(f);
  const page = await db.execute<RequestViewRow>(
    sql`${SELECT} where ${where} order by r.id desc limit ${f.limit} offset ${f.offset}`,
  );
  const count = await countRequests(db, f);
  return { rows: page.rows, total: count };
}

export async function countRequests(db: Executor, f: Omit<RequestFilters, "limit" | "offset">) {
  const where = filterWhere({ ...f, limit: 0, offset: 0 });
  const count = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from requests r where ${where}`,
  );
  return Number(count.rows[0]?.n ?? 0);
}

export async function lockRequest(tx: Executor, id: number): Promise<RequestRow | undefined> {
  const [row] = await tx.select().from(requests).where(eq(requests.id, id)).for("update");
  return row;
}

export async function setStatus(
  tx: Executor,
  id: number,
  status: RequestStatus,
  reviewerId: number,
  note = "",
): Promise<void> {
  await tx
    .update(requests)
    .set({ status, reviewedBy: reviewerId, reviewedAt: new Date(), note })
    .where(and(eq(requests.id, id), eq(requests.status, "pending")));
}
