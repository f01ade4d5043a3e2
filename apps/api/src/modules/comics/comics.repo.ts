/**
 * SQL of comics: access (my teams' rights on a comic), the list (one page query + one count query,
 * whatever the page size), the detail (a fixed number of queries), and writes. Search goes through
 * `vt_search_text()` (lower + unaccent + đ->d, migration 0005) so the trigram indexes serve it.
 * The service decides who may call what.
 */
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { liveSql, visibleSql } from "../../db/chapter-visibility";
import type { Db } from "../../db/client";
import type { Executor } from "../../db/executor";
import type { MyTeam } from "../../db/my-teams";
import { chapters } from "../../db/schema/chapters";
import {
  type ComicStatusValue,
  type ComicTeamKind,
  comicArts,
  comicCouples,
  comicCoverUploads,
  comicGenres,
  comicPeople,
  comics,
  comicTeams,
} from "../../db/schema/comics";
import { type PersonKind, people } from "../../db/schema/people";
import { requests } from "../../db/schema/requests";
import { type TeamRole, teamMembers, teams } from "../../db/schema/teams";
import { containsPattern, intArray } from "../../db/sql";

export type ComicRow = typeof comics.$inferSelect;

// ── Access ────────────────────────────────────────────────────────────────────

export interface ComicAccessRow {
  comic: ComicRow;
  teamName: string;
  /** The user's role in the owning team (null when not a member). */
  ownerRole: TeamRole | null;
  /** The user's live teams that may upload to the comic (owner team first). */
  uploadTeams: MyTeam[];
}

/** A live comic with the user's rights on it, or undefined. `lock` takes a row lock (FOR UPDATE). */
export async function findComicAccess(
  db: Executor,
  comicId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<ComicAccessRow | undefined> {
  const base = db
    .select({ comic: comics, teamName: teams.name })
    .from(comics)
    .innerJoin(teams, eq(teams.id, comics.teamId))
    .where(and(eq(comics.id, comicId), isNull(comics.deletedAt)))
    .limit(1);
  const [row] = options.lock ? await base.for("update", { of: comics }) : await base;
  if (!row) return undefined;
  const uploadTeams = await db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), isNull(teams.deletedAt)))
    .where(
      and(
        eq(teamMembers.userId, userId),
        sql`(${teamMembers.teamId} = ${row.comic.teamId} or exists (select 1 from ${comicTeams} where ${comicTeams.comicId} = ${comicId} and ${comicTeams.teamId} = ${teamMembers.teamId}))`,
      ),
    )
    .orderBy(sql`${teams.id} <> ${row.comic.teamId}`, asc(teams.id));
  const owner = uploadTeams.find((t) => t.id === row.comic.teamId);
  return { comic: row.comic, teamName: row.teamName, ownerRole: owner?.role ?? null, uploadTeams };
}

/** Whether a team may upload to a comic (owner, collaborator or granted). */
export async function teamCanUpload(db: Executor, comic: ComicRow, teamId: number): Promise<boolean> {
  if (comic.teamId === teamId) return true;
  const [row] = await db
    .select({ teamId: comicTeams.teamId })
    .from(comicTeams)
    .where(and(eq(comicTeams.comicId, comic.id), eq(comicTeams.teamId, teamId)))
    .limit(1);
  return row !== undefined;
}

// ── List ──────────────────────────────────────────────────────────────────────

export interface ListFilters {
  scope: "mine" | "all";
  /** The caller's team ids (upload rights and `canUpload` are computed against them). */
  teamIds: number[];
  search?: string | undefined;
  searchBy: ("title" | "anotherNames")[];
  status: string;
  sort: "newest" | "oldest";
  genres: string[];
  includeMature: boolean;
  limit: number;
  offset: number;
  /**
   * Keyset start: only rows from this comic on in the list order (the first row of an earlier
   * page), `offset` then counting from there. See ./list-anchors.ts.
   */
  from?: number | undefined;
}

export type ComicListRow = {
  id: number;
  title: string;
  another_name: string;
  thumbnail: string | null;
  thumbnail_small: string | null;
  status: ComicStatusValue;
  view_count: number;
  save_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  is_mature: boolean;
  is_doujinshi: boolean;
  team_id: number;
  team_name: string;
  genres: string[] | null;
  delete_requested: boolean;
  merge_requested: boolean;
  /** The target of the newest pending merge request (null when none). */
  merge_target: { id: number; title: string } | null;
  can_upload: boolean;
  permission_request: {
    id: number;
    type: "permission";
    status: "pending" | "approved" | "rejected";
    team_id: number;
    team_name: string;
    created_at: string;
  } | null;
};

/**
 * The filters as one WHERE clause. `forCount`: "my teams' comics" as a union of two index lookups
 * (owned via comics_team_created_idx + comic_teams), ~10x cheaper to count than the OR, which the
 * page query prefers because it walks the upload-date index and stops after one page.
 */
function listWhere(f: ListFilters, forCount = false): SQL {
  const parts: SQL[] = [sql`c.deleted_at is null`];
  if (f.scope === "mine") {
    const mine = intArray(f.teamIds);
    parts.push(
      forCount
        ? sql`c.id in (select x.id from comics x where x.team_id = any(${mine}) and x.deleted_at is null
            union all select ct.comic_id from comic_teams ct where ct.team_id = any(${mine}))`
        : sql`(c.team_id = any(${mine}) or c.id in (select ct.comic_id from comic_teams ct where ct.team_id = any(${mine})))`,
    );
  }
  if (f.search) {
    const pattern = containsPattern(f.search);
    const fields: SQL[] = [];
    if (f.searchBy.includes("title")) fields.push(sql`c.title_search like ${pattern}`);
    if (f.searchBy.includes("anotherNames")) fields.push(sql`c.another_name_search like ${pattern}`);
    parts.push(sql`(${sql.join(fields, sql` or `)})`);
  }
  if (f.status === "delete-requested" || f.status === "merge-requested") {
    const type = f.status === "delete-requested" ? "delete" : "merge";
    parts.push(
      sql`c.id in (select r.comic_id from requests r where r.status = 'pending' and r.type = ${type} and r.comic_id is not null)`,
    );
  } else if (f.status !== "all") {
    parts.push(sql`c.status = ${f.status}`);
  }
  if (f.genres.length > 0) {
    parts.push(
      sql`c.id in (select g.comic_id from comic_genres g where g.genre = any(${`{${f.genres.join(",")}}`}::text[]) group by g.comic_id having count(*) = ${f.genres.length})`,
    );
  }
  if (!f.includeMature) parts.push(sql`not c.is_mature`);
  return sql.join(parts, sql` and `);
}

function listOrder(sort: ListFilters["sort"], alias: string): SQL {
  return sort === "oldest"
    ? sql.raw(`${alias}.created_at asc, ${alias}.id asc`)
    : sql.raw(`${alias}.created_at desc, ${alias}.id desc`);
}

/**
 * One page of comics: the page's ids come from an index-ordered inner query (LIMIT/OFFSET applied
 * before any per-row work), then the outer query adds team, genres, request flags and my rights
 * for those rows only.
 */
export async function listComics(db: Db, f: ListFilters): Promise<ComicListRow[]> {
  return (await db.execute<ComicListRow>(listComicsSql(f))).rows;
}

/** The page query of listComics (exported so the benchmark runs the very same SQL on the driver). */
export function listComicsSql(f: ListFilters): SQL {
  const mine = intArray(f.teamIds);
  const withPermission =
    f.scope === "all"
      ? sql`(select json_build_object('id', r.id, 'type', r.type, 'status', r.status, 'team_id', r.team_id, 'team_name', rt.name, 'created_at', r.created_at)
            from requests r join teams rt on rt.id = r.team_id
            where r.comic_id = c.id and r.type = 'permission' and r.team_id = any(${mine})
            order by r.id desc limit 1)`
      : sql`null`;
  return sql`
    select c.id, c.title, c.another_name, c.thumbnail, c.thumbnail_small, c.status, c.view_count, c.save_count,
      c.created_at, c.updated_at, c.is_mature, c.is_doujinshi, c.team_id, t.name as team_name,
      (select array_agg(g.genre order by g.genre) from comic_genres g where g.comic_id = c.id) as genres,
      exists (select 1 from requests r where r.comic_id = c.id and r.status = 'pending' and r.type = 'delete') as delete_requested,
      exists (select 1 from requests r where r.comic_id = c.id and r.status = 'pending' and r.type = 'merge') as merge_requested,
      (select json_build_object('id', tc.id, 'title', tc.title) from requests r join comics tc on tc.id = r.target_comic_id
        where r.comic_id = c.id and r.status = 'pending' and r.type = 'merge' order by r.id desc limit 1) as merge_target,
      (c.team_id = any(${mine}) or exists (select 1 from comic_teams ct where ct.comic_id = c.id and ct.team_id = any(${mine}))) as can_upload,
      ${withPermission} as permission_request
    from (${pageIdsSql(f)}) page
    join comics c on c.id = page.id
    join teams t on t.id = c.team_id
    order by ${listOrder(f.sort, "c")}`;
}

/**
 * The ids of one page, in list order. Deep pages start after a keyset anchor when one is known
 * (`f.from`), so they cost what the first pages do. `scope=mine` goes through the team indexes:
 * one ordered index walk per team (comics_team_created_idx, stopping after offset + limit rows)
 * plus the collaborations (comic_teams_team_idx), merged, instead of filtering the whole catalogue's
 * upload-date index.
 */
function pageIdsSql(f: ListFilters): SQL {
  const where = sql.join(
    [listWhere({ ...f, scope: "all" }), ...(f.from === undefined ? [] : [fromKey(f.sort, f.from)])],
    sql` and `,
  );
  if (f.scope === "all") {
    return sql`select c.id from comics c where ${where}
      order by ${listOrder(f.sort, "c")} limit ${f.limit} offset ${f.offset}`;
  }
  const mine = intArray(f.teamIds);
  return sql`select m.id from (
      select x.id, x.created_at from unnest(${mine}) as tid(id)
      cross join lateral (
        select c.id, c.created_at from comics c where c.team_id = tid.id and ${where}
        order by ${listOrder(f.sort, "c")} limit ${f.limit + f.offset}
      ) x
      union
      select c.id, c.created_at from comic_teams ct join comics c on c.id = ct.comic_id
      where ct.team_id = any(${mine}) and ${where}
    ) m
    order by ${listOrder(f.sort, "m")} limit ${f.limit} offset ${f.offset}`;
}

/** Rows from comic `id` on in the list order (a scalar subquery: still an index condition). */
function fromKey(sort: ListFilters["sort"], id: number): SQL {
  const at = sql`(select a.created_at from comics a where a.id = ${id})`;
  return sort === "oldest"
    ? sql`(c.created_at, c.id) >= (${at}, ${id})`
    : sql`(c.created_at, c.id) <= (${at}, ${id})`;
}

/** Lists count exactly up to this many comics; above it the planner's estimate is used. */
export const EXACT_COUNT_CAP = 10_000;

/**
 * The number of comics matching the filters. The planner's estimate comes first (no rows read); far
 * above the cap (ESTIMATE_TRUSTED_FROM) it is the answer. Otherwise the rows are counted, exactly up
 * to EXACT_COUNT_CAP (counting stops there), and a count at the cap answers the estimate (never below
 * the cap).
 */
export async function countComics(db: Db, f: ListFilters): Promise<{ total: number; exact: boolean }> {
  const estimate = await estimateComics(db, f);
  if (estimate >= ESTIMATE_TRUSTED_FROM) return { total: estimate, exact: false };
  const result = await db.execute<{ n: number }>(countComicsSql(f));
  const n = Number(result.rows[0]?.n ?? 0);
  if (n <= EXACT_COUNT_CAP) return { total: n, exact: true };
  return { total: Math.max(estimate, EXACT_COUNT_CAP + 1), exact: false };
}

/** Estimates this far above the cap are trusted without counting (planner estimates are rarely off by 4x on these filters). */
export const ESTIMATE_TRUSTED_FROM = 4 * EXACT_COUNT_CAP;

async function estimateComics(db: Db, f: ListFilters): Promise<number> {
  const plan = await db.execute<{ "QUERY PLAN": unknown }>(estimateComicsSql(f));
  const raw = plan.rows[0]?.["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[];
  return Math.round(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/** The planner's estimate of the matches (EXPLAIN only: nothing is read). */
export function estimateComicsSql(f: ListFilters): SQL {
  return sql`explain (format json) select 1 from comics c where ${listWhere(f, true)}`;
}

/** The capped count query of countComics. */
export function countComicsSql(f: ListFilters): SQL {
  return sql`select count(*)::int as n from (select 1 from comics c where ${listWhere(f, true)} limit ${EXACT_COUNT_CAP + 1}) capped`;
}

// ── Detail parts ─────────────────────────────────────────────────────────────

export interface PersonLink {
  comicId: number;
  id: number;
  name: string;
  kind: PersonKind;
}

/** Authors and artists of the given comics, in form order. */
export async function comicPeopleOf(db: Executor, comicIds: number[]): Promise<PersonLink[]> {
  if (comicIds.length === 0) return [];
  return db
    .select({ comicId: comicPeople.comicId, id: people.id, name: people.name, kind: people.kind })
    .from(comicPeople)
    .innerJoin(people, and(eq(people.id, comicPeople.personId), isNull(people.deletedAt)))
    .where(inArray(comicPeople.comicId, comicIds))
    .orderBy(asc(comicPeople.comicId), asc(comicPeople.position), asc(people.id));
}

export async function genresOf(db: Executor, comicId: number): Promise<string[]> {
  const rows = await db
    .select({ genre: comicGenres.genre })
    .from(comicGenres)
    .where(eq(comicGenres.comicId, comicId))
    .orderBy(asc(comicGenres.genre));
  return rows.map((r) => r.genre);
}

export interface CoupleRow {
  a: { id: number; name: string };
  b: { id: number; name: string };
}

export async function couplesOf(db: Executor, comicId: number): Promise<CoupleRow[]> {
  const result = await db.execute<{ a_id: number; a_name: string; b_id: number; b_name: string }>(sql`
    select a.id as a_id, a.name as a_name, b.id as b_id, b.name as b_name
    from comic_couples cc
    join people a on a.id = cc.character_a_id and a.deleted_at is null
    join people b on b.id = cc.character_b_id and b.deleted_at is null
    where cc.comic_id = ${comicId}
    order by cc.position, cc.id`);
  return result.rows.map((r) => ({ a: { id: r.a_id, name: r.a_name }, b: { id: r.b_id, name: r.b_name } }));
}

export interface CollaboratorRow {
  id: number;
  name: string;
  kind: ComicTeamKind;
  since: Date;
}

export async function collaboratorsOf(db: Executor, comicId: number): Promise<CollaboratorRow[]> {
  return db
    .select({ id: teams.id, name: teams.name, kind: comicTeams.kind, since: comicTeams.createdAt })
    .from(comicTeams)
    .innerJoin(teams, and(eq(teams.id, comicTeams.teamId), isNull(teams.deletedAt)))
    .where(eq(comicTeams.comicId, comicId))
    .orderBy(asc(comicTeams.createdAt), asc(teams.id));
}

export interface MyRequestRow {
  id: number;
  type: (typeof requests.$inferSelect)["type"];
  status: (typeof requests.$inferSelect)["status"];
  teamId: number;
  teamName: string;
  createdAt: Date;
}

/** Requests on a comic filed by the given teams (any status), newest first. */
export async function requestsOfTeamsOnComic(
  db: Executor,
  comicId: number,
  teamIds: number[],
): Promise<MyRequestRow[]> {
  if (teamIds.length === 0) return [];
  return db
    .select({
      id: requests.id,
      type: requests.type,
      status: requests.status,
      teamId: teams.id,
      teamName: teams.name,
      createdAt: requests.createdAt,
    })
    .from(requests)
    .innerJoin(teams, eq(teams.id, requests.teamId))
    .where(and(eq(requests.comicId, comicId), inArray(requests.teamId, teamIds)))
    .orderBy(desc(requests.id))
    .limit(50);
}

export async function pendingFlags(
  db: Executor,
  comicId: number,
): Promise<{
  deleteRequested: boolean;
  mergeRequested: boolean;
  mergeTarget: { id: number; title: string } | null;
}> {
  const rows = await db
    .select({ id: requests.id, type: requests.type, targetId: comics.id, targetTitle: comics.title })
    .from(requests)
    .leftJoin(comics, eq(comics.id, requests.targetComicId))
    .where(and(eq(requests.comicId, comicId), eq(requests.status, "pending")))
    .orderBy(desc(requests.id));
  const merge = rows.find((r) => r.type === "merge" && r.targetId !== null);
  return {
    deleteRequested: rows.some((r) => r.type === "delete"),
    mergeRequested: rows.some((r) => r.type === "merge"),
    mergeTarget: merge?.targetId != null ? { id: merge.targetId, title: merge.targetTitle ?? "" } : null,
  };
}

// ── Writes ────────────────────────────────────────────────────────────────────

export type ComicInfo = Pick<
  ComicRow,
  "title" | "anotherName" | "description" | "status" | "isMature" | "isDoujinshi" | "syncArtistsWithAuthors"
>;

export async function insertComic(
  tx: Executor,
  values: ComicInfo & { teamId: number; thumbnail: string; createdBy: number },
): Promise<ComicRow> {
  const [row] = await tx.insert(comics).values(values).returning();
  return row!;
}

export async function updateComic(
  tx: Executor,
  comicId: number,
  patch: Partial<ComicInfo & Pick<ComicRow, "thumbnail" | "thumbnailSmall" | "deletedAt" | "deletedBy">>,
): Promise<ComicRow> {
  const [row] = await tx
    .update(comics)
    .set({ ...patch, updatedAt: new Date(), version: sql`${comics.version} + 1` })
    .where(eq(comics.id, comicId))
    .returning();
  return row!;
}

/** Replaces the comic's people, genres and couples with the given ones. */
export async function replaceLinks(
  tx: Executor,
  comicId: number,
  links: { personIds: number[]; genres: string[]; couples: [number, number][] },
): Promise<void> {
  await tx.delete(comicPeople).where(eq(comicPeople.comicId, comicId));
  if (links.personIds.length > 0) {
    await tx
      .insert(comicPeople)
      .values(links.personIds.map((personId, position) => ({ comicId, personId, position })))
      .onConflictDoNothing();
  }
  await tx.delete(comicGenres).where(eq(comicGenres.comicId, comicId));
  if (links.genres.length > 0) {
    await tx
      .insert(comicGenres)
      .values(links.genres.map((genre) => ({ comicId, genre })))
      .onConflictDoNothing();
  }
  await tx.delete(comicCouples).where(eq(comicCouples.comicId, comicId));
  if (links.couples.length > 0) {
    await tx
      .insert(comicCouples)
      .values(
        links.couples.map(([a, b], position) => ({ comicId, characterAId: a, characterBId: b, position })),
      )
      .onConflictDoNothing();
  }
}

/** Consumes a cover uploaded by this user (true when it was theirs and unused). */
export async function takeCoverUpload(tx: Executor, key: string, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(comicCoverUploads)
    .where(and(eq(comicCoverUploads.key, key), eq(comicCoverUploads.userId, userId)))
    .returning({ key: comicCoverUploads.key });
  return rows.length > 0;
}

export async function recordCoverUpload(db: Executor, key: string, userId: number): Promise<void> {
  await db.insert(comicCoverUploads).values({ key, userId });
}

export async function setCollaborator(
  tx: Executor,
  comicId: number,
  teamId: number,
  kind: ComicTeamKind,
  createdBy: number,
): Promise<boolean> {
  const rows = await tx
    .insert(comicTeams)
    .values({ comicId, teamId, kind, createdBy })
    .onConflictDoNothing()
    .returning({ teamId: comicTeams.teamId });
  return rows.length > 0;
}

export async function removeCollaborator(tx: Executor, comicId: number, teamId: number): Promise<boolean> {
  const rows = await tx
    .delete(comicTeams)
    .where(and(eq(comicTeams.comicId, comicId), eq(comicTeams.teamId, teamId)))
    .returning({ teamId: comicTeams.teamId });
  return rows.length > 0;
}

export async function findCollaborator(tx: Executor, comicId: number, teamId: number) {
  const [row] = await tx
    .select()
    .from(comicTeams)
    .where(and(eq(comicTeams.comicId, comicId), eq(comicTeams.teamId, teamId)))
    .limit(1);
  return row;
}

/** A live team by id (for collab targets). */
export async function findTeam(db: Executor, teamId: number) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, teamId), isNull(teams.deletedAt)))
    .limit(1);
  return row;
}

// ── Volume art ────────────────────────────────────────────────────────────────

export type ArtRow = typeof comicArts.$inferSelect;

export async function listArts(db: Executor, comicId: number): Promise<ArtRow[]> {
  return db
    .select()
    .from(comicArts)
    .where(eq(comicArts.comicId, comicId))
    .orderBy(asc(comicArts.volume), asc(comicArts.id));
}

export async function insertArt(
  tx: Executor,
  values: Omit<typeof comicArts.$inferInsert, "id" | "createdAt">,
): Promise<ArtRow> {
  const [row] = await tx.insert(comicArts).values(values).returning();
  return row!;
}

export async function findArt(db: Executor, id: number): Promise<ArtRow | undefined> {
  const [row] = await db.select().from(comicArts).where(eq(comicArts.id, id)).limit(1);
  return row;
}

export async function deleteArt(tx: Executor, id: number): Promise<void> {
  await tx.delete(comicArts).where(eq(comicArts.id, id));
}

/** Names of the given people, in the given order. */
export async function comicPeopleNames(db: Executor, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: people.id, name: people.name })
    .from(people)
    .where(inArray(people.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Chapter counts per comic (all chapters, and those readers see now). */
export async function chapterCounts(
  db: Executor,
  comicIds: number[],
): Promise<Map<number, { total: number; visible: number }>> {
  if (comicIds.length === 0) return new Map();
  const rows = await db
    .select({
      comicId: chapters.comicId,
      total: sql<number>`count(*)::int`,
      visible: sql<number>`(count(*) filter (where ${visibleSql}))::int`,
    })
    .from(chapters)
    .where(and(inArray(chapters.comicId, comicIds), liveSql))
    .groupBy(chapters.comicId);
  return new Map(rows.map((r) => [r.comicId, { total: r.total, visible: r.visible }]));
}

/**
 * A merge or delete made these requests moot: every pending request about the removed comic (as
 * subject or as merge target) becomes `superseded`, except `keepId` (the request being approved).
 * Requests are never moved to another comic. Answers the ids settled.
 */
export async function supersedePending(
  tx: Executor,
  comicId: number,
  actorId: number,
  keepId?: number,
): Promise<{ id: number; team_id: number }[]> {
  const result = await tx.execute<{ id: number; team_id: number }>(sql`
    update requests set status = 'superseded', reviewed_by = ${actorId}, reviewed_at = now()
    where status = 'pending' and (comic_id = ${comicId} or target_comic_id = ${comicId})
      and id <> ${keepId ?? 0}
    returning id, team_id`);
  return result.rows;
}
