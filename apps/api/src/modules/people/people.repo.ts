/**
 * SQL of authors, artists and characters. Lists are one page query plus one count query; the
 * counts and "teams working on it" are computed for the page's rows only, in the same query.
 */
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Executor } from "../../db/executor";
import { comicPeople } from "../../db/schema/comics";
import { type PersonKind, people } from "../../db/schema/people";
import { containsPattern, intArray } from "../../db/sql";

export type PersonRow = typeof people.$inferSelect;

export type PersonListRow = {
  id: number;
  kind: PersonKind;
  name: string;
  uploaded_by: number | null;
  uploader_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  comic_count: number;
  couple_count: number;
  teams: { id: number; name: string }[] | null;
  /** The caller is a member of a team working on it. */
  my_team_works_on_it: boolean;
  delete_requested: boolean;
};

function where(kind: PersonKind, search: string | undefined, id?: number): SQL {
  const parts = [sql`p.kind = ${kind}`, sql`p.deleted_at is null`];
  if (search) parts.push(sql`vt_search_text(p.name) like ${containsPattern(search)}`);
  if (id !== undefined) parts.push(sql`p.id = ${id}`);
  return sql.join(parts, sql` and `);
}

/** Live comics linking the person, and the couple count by kind (see contracts/people.ts). */
function details(teamIds: number[]): SQL {
  const mine = intArray(teamIds);
  return sql`
    (select count(*)::int from comic_people cp join comics c on c.id = cp.comic_id and c.deleted_at is null
       where cp.person_id = p.id) as comic_count,
    (case when p.kind = 'character' then
       (select count(*)::int from comic_couples cc join comics c on c.id = cc.comic_id and c.deleted_at is null
          where cc.character_a_id = p.id or cc.character_b_id = p.id)
     else
       (select count(*)::int from comic_couples cc join comic_people cp on cp.comic_id = cc.comic_id
          join comics c on c.id = cc.comic_id and c.deleted_at is null where cp.person_id = p.id)
     end) as couple_count,
    (select json_agg(json_build_object('id', w.id, 'name', w.name) order by w.name, w.id) from (
       select distinct t.id, t.name from teams t where t.deleted_at is null and t.id in (
         select c.team_id from comic_people cp join comics c on c.id = cp.comic_id and c.deleted_at is null where cp.person_id = p.id
         union
         select ct.team_id from comic_people cp join comics c on c.id = cp.comic_id and c.deleted_at is null
           join comic_teams ct on ct.comic_id = c.id where cp.person_id = p.id
         union
         select c.team_id from comic_couples cc join comics c on c.id = cc.comic_id and c.deleted_at is null
           where cc.character_a_id = p.id or cc.character_b_id = p.id)) w) as teams,
    exists (select 1 from comic_people cp join comics c on c.id = cp.comic_id and c.deleted_at is null
       where cp.person_id = p.id and (c.team_id = any(${mine})
         or exists (select 1 from comic_teams ct where ct.comic_id = c.id and ct.team_id = any(${mine})))) as my_team_works_on_it,
    exists (select 1 from requests r where r.person_id = p.id and r.type = 'person-delete' and r.status = 'pending'
       and r.team_id = any(${mine})) as delete_requested`;
}

export async function listPeople(
  db: Db,
  kind: PersonKind,
  options: { search?: string | undefined; limit: number; offset: number; teamIds: number[] },
): Promise<{ rows: PersonListRow[]; total: number }> {
  const [page, count] = await Promise.all([
    db.execute<PersonListRow>(sql`
      select p.id, p.kind, p.name, p.uploaded_by, u.name as uploader_name, p.created_at, p.updated_at,
        ${details(options.teamIds)}
      from (select p.id from people p where ${where(kind, options.search)}
            order by lower(p.name), p.id limit ${options.limit} offset ${options.offset}) pg
      join people p on p.id = pg.id
      left join users u on u.id = p.uploaded_by
      order by lower(p.name), p.id`),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from people p where ${where(kind, options.search)}`,
    ),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}

export async function getPerson(
  db: Executor,
  kind: PersonKind,
  id: number,
  teamIds: number[],
): Promise<PersonListRow | undefined> {
  const result = await db.execute<PersonListRow>(sql`
    select p.id, p.kind, p.name, p.uploaded_by, u.name as uploader_name, p.created_at, p.updated_at,
      ${details(teamIds)}
    from people p left join users u on u.id = p.uploaded_by
    where ${where(kind, undefined, id)}`);
  return result.rows[0];
}

export async function findPerson(db: Executor, kind: PersonKind, id: number): Promise<PersonRow | undefined> {
  const [row] = await db
    .select()
    .from(people)
    .where(and(eq(people.id, id), eq(people.kind, kind), isNull(people.deletedAt)))
    .limit(1);
  return row;
}

export async function findByName(
  db: Executor,
  kind: PersonKind,
  name: string,
): Promise<PersonRow | undefined> {
  const [row] = await db
    .select()
    .from(people)
    .where(and(eq(people.kind, kind), isNull(people.deletedAt), sql`lower(${people.name}) = lower(${name})`))
    .limit(1);
  return row;
}

export async function insertPerson(
  tx: Executor,
  kind: PersonKind,
  name: string,
  uploadedBy: number,
): Promise<PersonRow | undefined> {
  const [row] = await tx.insert(people).values({ kind, name, uploadedBy }).onConflictDoNothing().returning();
  return row;
}

export async function renamePerson(tx: Executor, id: number, name: string): Promise<PersonRow> {
  const [row] = await tx
    .update(people)
    .set({ name, updatedAt: new Date() })
    .where(eq(people.id, id))
    .returning();
  return row!;
}

/** Soft-deletes a person and removes its links (comics keep their other people). */
export async function deletePerson(tx: Executor, id: number): Promise<void> {
  await tx.update(people).set({ deletedAt: new Date() }).where(eq(people.id, id));
  await tx.delete(comicPeople).where(eq(comicPeople.personId, id));
  await tx.execute(sql`delete from comic_couples where character_a_id = ${id} or character_b_id = ${id}`);
}

/**
 * Resolves a form's people (ids of this kind, or names to reuse or create) to ids, in order and
 * without duplicates. Returns the index of the first unknown id instead when there is one.
 */
export async function resolvePeople(
  tx: Executor,
  kind: PersonKind,
  inputs: (number | string)[],
  userId: number,
): Promise<{ ids: number[] } | { missingIndex: number }> {
  const ids = inputs.filter((v): v is number => typeof v === "number");
  const known = new Set<number>();
  if (ids.length > 0) {
    const rows = await tx
      .select({ id: people.id })
      .from(people)
      .where(and(inArray(people.id, ids), eq(people.kind, kind), isNull(people.deletedAt)));
    for (const r of rows) known.add(r.id);
  }
  const out: number[] = [];
  for (const [index, input] of inputs.entries()) {
    let id: number;
    if (typeof input === "number") {
      if (!known.has(input)) return { missingIndex: index };
      id = input;
    } else {
      const existing = await findByName(tx, kind, input);
      id =
        existing?.id ??
        (await insertPerson(tx, kind, input, userId))?.id ??
        (await findByName(tx, kind, input))!.id;
    }
    if (!out.includes(id)) out.push(id);
  }
  return { ids: out };
}

/** Which of the ids are live characters. */
export async function liveCharacterIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: people.id })
    .from(people)
    .where(and(inArray(people.id, ids), eq(people.kind, "character"), isNull(people.deletedAt)));
  return new Set(rows.map((r) => r.id));
}
