/**
 * SQL of the comic list: filters, keyset pages from a remembered anchor (list-anchors.ts), and the
 * total (exact up to EXACT_COUNT_CAP, else the planner's estimate).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ComicStatusValue } from "../../db/schema/comics";
import { containsPattern, intArray } from "../../db/sql";

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

/** The filters other than the scope, as one WHERE clause on `comics c`. */
export function listWhere(f: ListFilters): SQL {
  const parts: SQL[] = [sql`c.deleted_at is null`];
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

export function listOrder(sort: ListFilters["sort"], alias: string): SQL {
  return sort === "oldest"
    ? sql.raw(`${alias}.created_at asc, ${alias}.id asc`)
    : sql.raw(`${alias}.created_at desc, ${alias}.id desc`);
}

/**
 * One page of comics and the total (see countComics for how it is counted), in two statements: the
 * planner's estimate, then the page with the capped count as a column when the estimate asks for a
 * count (every statement costs a turn of PGlite on the event loop: docs/architecture.md,
 * "Round trips and budgets"). The page's ids come from an index-ordered inner query (LIMIT/OFFSET
 * applied before any per-row work), then the outer query adds team, genres, request flags and my
 * rights for those rows only.
 */
export async function listComics(
  db: Db,
  f: ListFilters,
): Promise<{ rows: ComicListRow[]; total: number; exact: boolean }> {
  const estimate = await estimateComics(db, f);
  if (estimate >= ESTIMATE_TRUSTED_FROM) {
    return { rows: (await db.execute<ComicListRow>(listComicsSql(f))).rows, total: estimate, exact: false };
  }
  const rows = (await db.execute<ComicListRow & { total_count: number }>(listComicsSql(f, true))).rows;
  // A page past the end has no row to carry the count: the first page's emptiness is the count.
  const n =
    rows.length > 0
      ? Number(rows[0]!.total_count)
      : f.offset === 0 && f.from === undefined
        ? 0
        : await countMatches(db, f);
  if (n <= EXACT_COUNT_CAP) return { rows, total: n, exact: true };
  return { rows, total: Math.max(estimate, EXACT_COUNT_CAP + 1), exact: false };
}

/**
 * The page query of listComics, with the capped count (countComicsSql) as column `total_count`
 * when `withCount` (exported so the benchmark runs the very same SQL on the driver).
 */
export function listComicsSql(f: ListFilters, withCount = false): SQL {
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
      ${withPermission} as permission_request${withCount ? sql`, (${countComicsSql(f)}) as total_count` : sql``}
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
export function pageIdsSql(f: ListFilters): SQL {
  const where = sql.join(
    [listWhere(f), ...(f.from === undefined ? [] : [fromKey(f.sort, f.from)])],
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
export function fromKey(sort: ListFilters["sort"], id: number): SQL {
  const at = sql`(select a.created_at from comics a where a.id = ${id})`;
  return sort === "oldest"
    ? sql`(c.created_at, c.id) >= (${at}, ${id})`
    : sql`(c.created_at, c.id) <= (${at}, ${id})`;
}

/** Lists count exactly up to this many comics; above it the planner's estimate is used. */
export const EXACT_COUNT_CAP = 10_000;

/**
 * How the total is counted: the planner's estimate comes first (no rows read); far above the cap
 * (ESTIMATE_TRUSTED_FROM) it is the answer. Otherwise the rows are counted, exactly up to
 * EXACT_COUNT_CAP (counting stops there), and a count at the cap answers the estimate (never below
 * the cap).
 */
async function countMatches(db: Db, f: ListFilters): Promise<number> {
  const result = await db.execute<{ n: number }>(countComicsSql(f));
  return Number(result.rows[0]?.n ?? 0);
}

/** Estimates this far above the cap are trusted without counting (planner estimates are rarely off by 4x on these filters). */
export const ESTIMATE_TRUSTED_FROM = 4 * EXACT_COUNT_CAP;

export async function estimateComics(db: Db, f: ListFilters): Promise<number> {
  const plan = await db.execute<{ "QUERY PLAN": unknown }>(estimateComicsSql(f));
  const raw = plan.rows[0]?.["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[];
  return Math.round(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/** The planner's estimate of the matches (EXPLAIN only: nothing is read). */
export function estimateComicsSql(f: ListFilters): SQL {
  return sql`explain (format json) ${matchesSql(f)}`;
}

/** The capped count query of countComics. */
export function countComicsSql(f: ListFilters): SQL {
  return sql`select count(*)::int as n from (${matchesSql(f)} limit ${EXACT_COUNT_CAP + 1}) capped`;
}

/**
 * One row per matching comic, for counting. "My teams' comics" is two disjoint parts: the comics
 * my teams own (comics_team_created_idx), then those they collaborate on and do not own
 * (comic_teams_team_idx, then each comic by id). At 100k comics and 2,100 of mine this counts in
 * 4 ms, where one filter "owned or collaborated" (a semi-join on the union of both id lists) took 23:
 * it visited every owned comic twice.
 */
function matchesSql(f: ListFilters): SQL {
  const where = listWhere(f);
  if (f.scope === "all") return sql`select 1 from comics c where ${where}`;
  const mine = intArray(f.teamIds);
  return sql`select 1 from comics c where c.team_id = any(${mine}) and ${where}
    union all
    select 1 from comics c
    where c.id in (select ct.comic_id from comic_teams ct where ct.team_id = any(${mine}))
      and not (c.team_id = any(${mine})) and ${where}`;
}
