/**
 * Merging comic `source` into comic `target`, inside the caller's transaction: every row that
 * belongs to the source moves to the target, links are deduplicated, view and save counts add up,
 * and the source is soft-deleted with `merged_into_id`. Files are untouched (keys do not change).
 * Pending requests about the source are never moved: the caller (comics.service mergeInTx)
 * supersedes them and tells their teams (docs/requests.md).
 *
 * Concurrency: both comic rows are locked FOR UPDATE in id order before anything moves, so two
 * merges touching the same comics serialize instead of deadlocking, and the second one re-reads
 * the rows after the first committed (a source merged away meanwhile is no longer live: the
 * second merge fails cleanly instead of moving rows twice or into a deleted comic).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";

/**
 * Tables whose rows simply change `comic_id` from source to target (a chapter's pages and teams
 * hang off the chapter, so they follow without further work). A new per-comic table is one line.
 */
const MOVED_TABLES = [
  { table: "chapters", key: "chapters" },
  { table: "comic_arts", key: "arts" },
] as const;

export interface MergeCounts {
  chapters: number;
  arts: number;
  people: number;
  genres: number;
  teams: number;
  requests: number;
}

type LockedComic = { id: number; title: string; team_id: number; view_count: number; save_count: number };

export interface LockedPair {
  source: LockedComic | undefined;
  target: LockedComic | undefined;
}

/** Locks both live comics in id order; a missing (or already deleted) one comes back undefined. */
export async function lockPair(tx: Executor, sourceId: number, targetId: number): Promise<LockedPair> {
  const result = await tx.execute<LockedComic>(sql`
    select id, title, team_id, view_count, save_count from comics
    where id in (${sourceId}, ${targetId}) and deleted_at is null
    order by id for update`);
  return {
    source: result.rows.find((r) => r.id === sourceId),
    target: result.rows.find((r) => r.id === targetId),
  };
}

async function affected(tx: Executor, query: ReturnType<typeof sql>): Promise<number> {
  const result = await tx.execute<{ n: number }>(
    sql`with moved as (${query} returning 1) select count(*)::int as n from moved`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Moves everything of `sourceId` into `targetId` (both locked by lockPair) and deletes the source. */
export async function mergeInto(
  tx: Executor,
  pair: Required<{ [K in keyof LockedPair]: NonNullable<LockedPair[K]> }>,
  actorId: number,
): Promise<MergeCounts> {
  const s = pair.source.id;
  const t = pair.target.id;
  const counts: MergeCounts = { chapters: 0, arts: 0, people: 0, genres: 0, teams: 0, requests: 0 };

  for (const { table, key } of MOVED_TABLES) {
    counts[key] = await affected(
      tx,
      sql`update ${sql.identifier(table)} set comic_id = ${t} where comic_id = ${s}`,
    );
  }

  // People: appended after the target's own, duplicates dropped.
  counts.people = await affected(
    tx,
    sql`insert into comic_people (comic_id, person_id, position)
        select ${t}, person_id, position + (select coalesce(max(position) + 1, 0) from comic_people where comic_id = ${t})
        from comic_people where comic_id = ${s}
        on conflict do nothing`,
  );
  await tx.execute(sql`delete from comic_people where comic_id = ${s}`);

  counts.genres = await affected(
    tx,
    sql`insert into comic_genres (comic_id, genre) select ${t}, genre from comic_genres where comic_id = ${s}
        on conflict do nothing`,
  );
  await tx.execute(sql`delete from comic_genres where comic_id = ${s}`);

  await tx.execute(sql`
    insert into comic_couples (comic_id, character_a_id, character_b_id, position)
    select ${t}, character_a_id, character_b_id,
      position + (select coalesce(max(position) + 1, 0) from comic_couples where comic_id = ${t})
    from comic_couples where comic_id = ${s}
    on conflict do nothing`);
  await tx.execute(sql`delete from comic_couples where comic_id = ${s}`);
  await tx.execute(sql`
    update comics set is_doujinshi = true
    where id = ${t} and exists (select 1 from comic_genres where comic_id = ${t} and genre = 'doujinshi')`);

  // Teams: the source's collaborators and granted teams, and the source's owner (its chapters now
  // live in the target), keep their upload rights, on the target. The target's owner needs no row.
  counts.teams = await affected(
    tx,
    sql`insert into comic_teams (comic_id, team_id, kind, created_by)
        select ${t}, team_id, kind, ${actorId} from (
          select team_id, kind from comic_teams where comic_id = ${s}
          union all select ${pair.source.team_id}, 'collab'
        ) x where team_id <> ${pair.target.team_id}
        on conflict do nothing`,
  );
  await tx.execute(sql`delete from comic_teams where comic_id = ${s}`);

  // Requests stay on the comic they were filed about (its history reads correctly); the caller
  // supersedes the pending ones and counts them.

  await tx.execute(sql`
    update comics set
      view_count = view_count + ${pair.source.view_count},
      save_count = save_count + ${pair.source.save_count},
      updated_at = now()
    where id = ${t}`);
  await tx.execute(sql`
    update comics set deleted_at = now(), deleted_by = ${actorId}, merged_into_id = ${t}, updated_at = now()
    where id = ${s}`);
  return counts;
}
