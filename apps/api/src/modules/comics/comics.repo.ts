/**
 * SQL of comics: access (my teams' rights on a comic), the detail (a fixed number of queries), and
 * writes; the list (the estimate, then one page query carrying its count, whatever the page size) is in
 * comics-list.repo.ts. Search goes through `vt_search_text()` (lower + unaccent + đ->d, migration
 * 0005) so the trigram indexes serve it. The service decides who may call what.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { liveSql, visibleSql } from "../../db/chapter-visibility";
import type { Executor } from "../../db/executor";
import type { MyTeam } from "../../db/my-teams";
import { chapters } from "../../db/schema/chapters";
import {
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
import { intArray } from "../../db/sql";

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
  // One statement: the comic, its team's name and the user's upload teams (docs/architecture.md,
  // "Round trips and budgets").
  const uploadTeamsSql = sql<
    MyTeam[] | string
  >`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'role', tm.role) order by t.id <> ${comics.teamId}, t.id)
    from ${teamMembers} tm join ${teams} t on t.id = tm.team_id and t.deleted_at is null
    where tm.user_id = ${userId} and (tm.team_id = ${comics.teamId}
      or exists (select 1 from ${comicTeams} ct where ct.comic_id = ${comics.id} and ct.team_id = tm.team_id))), '[]'::json)`;
  const base = db
    .select({ comic: comics, teamName: teams.name, uploadTeams: uploadTeamsSql })
    .from(comics)
    .innerJoin(teams, eq(teams.id, comics.teamId))
    .where(and(eq(comics.id, comicId), isNull(comics.deletedAt)))
    .limit(1);
  const [row] = options.lock ? await base.for("update", { of: comics }) : await base;
  if (!row) return undefined;
  const uploadTeams: MyTeam[] =
    typeof row.uploadTeams === "string" ? JSON.parse(row.uploadTeams) : row.uploadTeams;
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
/**
 * Locks comic rows (live or not) in id order. A transaction that settles a comic's requests takes
 * its comics first, then the requests (as a merge or an admin's delete does): approving a delete
 * and a merge of one comic at once deadlocked when one review locked its request first.
 */
export async function lockComics(tx: Executor, ids: readonly (number | null)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return;
  await tx.execute(sql`select id from comics where id = any(${intArray(wanted)}) order by id for update`);
}

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
