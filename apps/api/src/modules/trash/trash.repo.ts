/**
 * SQL of the trash: what is in it (for a caller), restoring, and purging what is older than the
 * retention. Comics merged into another are not in the trash (their content lives on in the target)
 * but are purged with the rest.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { containsPattern, intArray } from "../../db/sql";

export type TrashRow = {
  type: "comic" | "chapter" | "team";
  id: number;
  name: string;
  order_num: number | null;
  comic_id: number | null;
  comic_title: string | null;
  deleted_at: Date | string;
  deleted_by: number | null;
  deleted_by_name: string | null;
};

export interface TrashScope {
  isAdmin: boolean;
  userId: number;
  /** The caller's live teams (chapters of comics they may upload to). */
  teamIds: number[];
  days: number;
}

function trashSelect(scope: TrashScope) {
  const teams = intArray(scope.teamIds);
  const recent = (column: string) => sql`${sql.raw(column)} > now() - make_interval(days => ${scope.days})`;
  return sql`
    select 'comic' as type, c.id, c.title as name, null::float8 as order_num, null::int as comic_id,
      null::text as comic_title, c.deleted_at, c.deleted_by, u.name as deleted_by_name
    from comics c left join users u on u.id = c.deleted_by
    where c.deleted_at is not null and c.merged_into_id is null and ${recent("c.deleted_at")}
      and ${scope.isAdmin}::boolean
    union all
    select 'chapter', ch.id, ch.name, ch.order_num, c.id, c.title, ch.deleted_at, ch.deleted_by, u.name
    from chapters ch join comics c on c.id = ch.comic_id and c.deleted_at is null
      left join users u on u.id = ch.deleted_by
    where ch.deleted_at is not null and ${recent("ch.deleted_at")}
      and (${scope.isAdmin}::boolean or c.team_id = any(${teams}) or exists (
        select 1 from comic_teams ct where ct.comic_id = c.id and ct.team_id = any(${teams})))
    union all
    select 'team', t.id, t.name, null, null, null, t.deleted_at, t.deleted_by, u.name
    from teams t left join users u on u.id = t.deleted_by
    where t.deleted_at is not null and ${recent("t.deleted_at")}
      and (${scope.isAdmin}::boolean or exists (select 1 from team_members m
        where m.team_id = t.id and m.user_id = ${scope.userId} and m.role = 'owner'))`;
}

export async function listTrash(
  db: Executor,
  scope: TrashScope,
  filter: { type?: string | undefined; search?: string | undefined; limit: number; offset: number },
): Promise<{ rows: TrashRow[]; total: number }> {
  const where = sql.join(
    [
      sql`true`,
      ...(filter.type ? [sql`x.type = ${filter.type}`] : []),
      ...(filter.search
        ? [
            sql`(vt_search_text(x.name) like ${containsPattern(filter.search)}
            or vt_search_text(coalesce(x.comic_title, '')) like ${containsPattern(filter.search)})`,
          ]
        : []),
    ],
    sql` and `,
  );
  const base = sql`(${trashSelect(scope)}) x where ${where}`;
  const page = await db.execute<TrashRow>(
    sql`select * from ${base} order by x.deleted_at desc, x.id desc limit ${filter.limit} offset ${filter.offset}`,
  );
  const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${base}`);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}

const TABLES = { comic: "comics", chapter: "chapters", team: "teams" } as const;

/**
 * Locks the item's row (trashed or not) until the transaction ends: of concurrent restores of one
 * item, the first restores it and the others then find it no longer in the trash (404).
 */
export async function lockItem(tx: Executor, type: keyof typeof TABLES, id: number): Promise<void> {
  await tx.execute(sql`select id from ${sql.raw(TABLES[type])} where id = ${id} for update`);
}

export async function findTrashed(db: Executor, scope: TrashScope, type: string, id: number) {
  const result = await db.execute<TrashRow>(
    sql`select * from (${trashSelect(scope)}) x where x.type = ${type} and x.id = ${id}`,
  );
  return result.rows[0];
}

/** Rows deleted before `cutoff`, with the storage keys that go with them (thumbnails included). */
export async function expired(db: Executor, cutoff: Date) {
  const at = cutoff.toISOString();
  const comics = await db.execute<{ id: number; keys: string[] }>(sql`
    select c.id, array_remove(array[c.thumbnail, c.thumbnail_small], null)
      || coalesce((select array_agg(a.image) from comic_arts a where a.comic_id = c.id), '{}')
      || coalesce((select array_agg(k) from chapter_pages p join chapters ch on ch.id = p.chapter_id,
                   unnest(array_remove(array[p.url, p.thumb], null)) k
                   where ch.comic_id = c.id), '{}') as keys
    from comics c where c.deleted_at < ${at}::timestamptz`);
  const chapters = await db.execute<{ id: number; keys: string[] }>(sql`
    select ch.id, coalesce((select array_agg(k) from chapter_pages p, unnest(array_remove(array[p.url, p.thumb], null)) k
                            where p.chapter_id = ch.id), '{}') as keys
    from chapters ch where ch.deleted_at < ${at}::timestamptz`);
  // A team still owning comics or chapters stays until those are gone (they reference it).
  const teams = await db.execute<{ id: number; keys: string[] }>(sql`
    select t.id, array_remove(array[t.cover, t.logo, (select d.qr_image from team_donate d where d.team_id = t.id)], null)
      || coalesce((select array(select jsonb_array_elements_text(cr.pages)) from team_credit cr where cr.team_id = t.id), '{}') as keys
    from teams t where t.deleted_at < ${at}::timestamptz
      and not exists (select 1 from comics c where c.team_id = t.id)
      and not exists (select 1 from chapters ch where ch.team_id = t.id)`);
  return { comics: comics.rows, chapters: chapters.rows, teams: teams.rows };
}

export async function purgeRows(
  tx: Executor,
  ids: { comics: number[]; chapters: number[]; teams: number[] },
) {
  if (ids.chapters.length)
    await tx.execute(sql`delete from chapters where id = any(${intArray(ids.chapters)})`);
  if (ids.comics.length) {
    // A comic merged into a purged one keeps pointing at nothing; clear the link first.
    await tx.execute(
      sql`update comics set merged_into_id = null where merged_into_id = any(${intArray(ids.comics)})`,
    );
    await tx.execute(sql`delete from comics where id = any(${intArray(ids.comics)})`);
  }
  if (ids.teams.length) await tx.execute(sql`delete from teams where id = any(${intArray(ids.teams)})`);
}
