import { eq, inArray, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db";
import { createDatabase, type Database } from "./client";
import { MAX_NAMED_PER_CONNECTION, MAX_PREPARED, withUsualTypes } from "./planned";

const notes = pgTable("planned_test_notes", {
  id: integer().primaryKey(),
  body: text().notNull(),
  at: timestamp({ withTimezone: true, mode: "date" }).notNull(),
});
/**
 * Runs `count` different statements twice each (each answering what it should), then answers the
 * texts of the vt_planned_ statements held (on PostgreSQL: by the connection that answers).
 */
async function runEachTwice(db: Database["db"], count: number): Promise<string[]> {
  for (let i = 0; i < count; i++) {
    for (let twice = 0; twice < 2; twice++) {
      const rows = await db.execute<{ n: number }>(
        sql.raw(`select ${i} as n from planned_test_notes where id = 2`),
      );
      expect(rows.rows).toEqual([{ n: i }]);
    }
  }
  const held = await db.execute<{ statement: string }>(
    sql`select statement from pg_prepared_statements where name like 'vt_planned_%'`,
  );
  return held.rows.map((r) => r.statement);
}

const TRICKY = "it's a \\ back'slash; drop table planned_test_notes; --";

describe("statements run again and again (prepared on PGlite)", () => {
  let database: Database;
  const byId = (id: number | string) =>
    database.db
      .select({ id: notes.id, body: notes.body, at: notes.at })
      .from(notes)
      .where(eq(notes.id, id as number));
  /** How many statements over planned_test_notes the instance holds prepared. */
  const prepared = async () =>
    Number(
      (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_prepared_statements
            where statement like '%planned_test_notes%' and statement not like '%pg_prepared_statements%'`,
        )
      ).rows[0]!.n,
    );
  // `npm test` runs the PGlite suite with TEST_DATABASE_URL set to "" (scripts/test.mjs).
  const onPglite = !process.env.TEST_DATABASE_URL;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`create table planned_test_notes (id integer primary key, body text not null, at timestamptz not null)`,
    );
    await database.db.insert(notes).values([
      { id: 1, body: TRICKY, at: new Date("2026-01-02T03:04:05.678Z") },
      { id: 2, body: "Nhóm dịch", at: new Date("2026-02-03T00:00:00Z") },
    ]);
  });
  afterAll(() => database.close());

  it("answer what they answer the first time, quoted values included, and an argument stays a value", async () => {
    const first = [await byId(1), await byId(2), await byId(3)];
    for (let round = 0; round < 7; round++) {
      expect([await byId(1), await byId(2), await byId(3)]).toEqual(first);
    }
    expect(first[0]).toEqual([{ id: 1, body: TRICKY, at: new Date("2026-01-02T03:04:05.678Z") }]);
    expect(first[2]).toEqual([]);
    // Text where a number belongs is refused as before, prepared or not, and changes nothing.
    for (let round = 0; round < 3; round++) {
      await expect(byId("1); delete from planned_test_notes; --")).rejects.toMatchObject({
        cause: { code: "22P02" },
      });
    }
    expect(await byId(2)).toHaveLength(1);
    // A value with quotes written through a repeated insert reads back as it was.
    for (const id of [10, 11, 12]) {
      await database.db.insert(notes).values({ id, body: `${TRICKY} ${id}`, at: new Date(0) });
      expect((await byId(id))[0]!.body).toBe(`${TRICKY} ${id}`);
    }
    if (onPglite) expect(await prepared()).toBeGreaterThanOrEqual(2);
  });

  it("send dates, JSON, booleans and bytes as PGlite sends them", async () => {
    const at = new Date("2026-03-04T05:06:07.089Z");
    for (let round = 0; round < 4; round++) {
      const { rows } = await database.db.execute<{ at: string; doc: unknown; yes: boolean; hex: string }>(
        sql`select ${at}::timestamptz = '2026-03-04T05:06:07.089Z'::timestamptz as at,
          ${sql.param({ a: "it's", n: [1, 2] })}::jsonb as doc, ${true}::boolean as yes,
          encode(${sql.param(new Uint8Array([0, 39, 92, 255]))}::bytea, 'hex') as hex`,
      );
      expect(rows).toEqual([{ at: true, doc: { a: "it's", n: [1, 2] }, yes: true, hex: "00275cff" }]);
    }
  });

  it("read timestamps, dates, intervals and their arrays as the text PostgreSQL sends, as drizzle asks", async () => {
    const values = sql`select '2026-01-02 03:04:05.678901+00'::timestamptz as tz,
      '2026-01-02 03:04:05.678901'::timestamp as ts, '2026-01-02'::date as d, '1 day 02:00:00'::interval as iv,
      '{1.50,2}'::numeric[] as nums, array['2026-01-02 03:04:05+00'::timestamptz] as tzs,
      array['2026-01-02'::date] as ds, 7::int as n, '{1,2}'::int[] as ns`;
    for (let round = 0; round < 3; round++) {
      const { rows } = await database.db.execute(values);
      expect(rows).toEqual([
        {
          tz: "2026-01-02 03:04:05.678901+00",
          ts: "2026-01-02 03:04:05.678901",
          d: "2026-01-02",
          iv: "1 day 02:00:00",
          nums: "{1.50,2}",
          tzs: '{"2026-01-02 03:04:05+00"}',
          ds: "{2026-01-02}",
          n: 7,
          ns: [1, 2],
        },
      ]);
    }
    const row = await database.db
      .select({ at: notes.at, atText: sql<string>`${notes.at}`.as("at_text") })
      .from(notes)
      .where(eq(notes.id, 1));
    expect(row).toEqual([{ at: new Date("2026-01-02T03:04:05.678Z"), atText: "2026-01-02 03:04:05.678+00" }]);
  });

  it.runIf(onPglite)("pg-boss's view of the instance reads those types as PGlite usually does", async () => {
    const usual = withUsualTypes(database.pglite!);
    const text = `select '2026-01-02 03:04:05.678+00'::timestamptz as tz, '2026-01-02'::date as d,
      array['2026-01-02 03:04:05+00'::timestamptz] as tzs, '{1.5,2}'::numeric[] as nums, $1::int as n`;
    const { rows } = await usual.query<Record<string, unknown>>(text, [7]);
    expect(rows).toEqual([
      {
        tz: new Date("2026-01-02T03:04:05.678Z"),
        d: new Date("2026-01-02T00:00:00Z"),
        tzs: [new Date("2026-01-02T03:04:05Z")],
        nums: ["1.5", "2"],
        n: 7,
      },
    ]);
    const [viaExec] = await usual.exec("select '2026-01-02 03:04:05+00'::timestamptz as tz");
    expect(viaExec!.rows).toEqual([{ tz: new Date("2026-01-02T03:04:05Z") }]);
    // The instance itself now answers text for them (what drizzle reads).
    const raw = await database.pglite!.query<{ tz: unknown }>(
      "select '2026-01-02 03:04:05+00'::timestamptz as tz",
    );
    expect(raw.rows).toEqual([{ tz: "2026-01-02 03:04:05+00" }]);
  });

  it.runIf(onPglite)("an array argument is sent as PGlite sends it; an EXPLAIN runs unprepared", async () => {
    for (let round = 0; round < 3; round++) {
      const rows = await database.db
        .select({ id: notes.id })
        .from(notes)
        .where(inArray(notes.id, sql`(select unnest(${sql.param([1, 2])}::int[]))`))
        .orderBy(notes.id);
      expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
      await database.db.execute(sql`explain select * from planned_test_notes where id = ${1}`);
    }
    const held = await database.db.execute<{ statement: string }>(
      sql`select statement from pg_prepared_statements where name like 'vt_planned_%'`,
    );
    expect(held.rows.some((r) => r.statement.includes("unnest"))).toBe(true);
    expect(held.rows.some((r) => /explain/i.test(r.statement))).toBe(false);
  });

  it.runIf(onPglite)("inside transactions too, kept after a rollback", async () => {
    const inTx = () =>
      database.db.transaction(async (tx) =>
        tx.select({ body: notes.body }).from(notes).where(eq(notes.body, "Nhóm dịch")),
      );
    await inTx();
    await expect(
      database.db.transaction(async (tx) => {
        expect(await tx.select({ body: notes.body }).from(notes).where(eq(notes.body, "Nhóm dịch"))).toEqual([
          { body: "Nhóm dịch" },
        ]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await inTx()).toEqual([{ body: "Nhóm dịch" }]);
    const held = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_prepared_statements where statement like '%"body" = $1%'`,
    );
    expect(held.rows[0]!.n).toBe(1);
  });

  it.runIf(onPglite)("a transaction does not wait for a PREPARE sent outside it while it runs", async () => {
    const byBody = (db: Pick<Database["db"], "select">) =>
      db.select({ id: notes.id }).from(notes).where(eq(notes.body, "Nhóm dịch")).limit(1);
    await byBody(database.db);
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let go!: () => void;
    const gate = new Promise<void>((resolve) => {
      go = resolve;
    });
    const inside = database.db.transaction(async (tx) => {
      started();
      await gate;
      return byBody(tx);
    });
    await running;
    // Seen before: this call prepares it, and its PREPARE waits for the transaction to end.
    const outside = byBody(database.db).then((rows) => rows);
    await new Promise((resolve) => setTimeout(resolve, 20));
    go();
    expect(await inside).toEqual([{ id: 2 }]);
    expect(await outside).toEqual([{ id: 2 }]);
    expect(await byBody(database.db)).toEqual([{ id: 2 }]);
  });

  it.runIf(onPglite)("prepared again when dropped, or when a schema change outdates them", async () => {
    for (let round = 0; round < 3; round++) await byId(2);
    await database.db.execute(sql`deallocate all`);
    expect(await byId(2)).toEqual([{ id: 2, body: "Nhóm dịch", at: new Date("2026-02-03T00:00:00Z") }]);
    expect(await prepared()).toBe(1);
    // Changing a column's type changes the statement's result: its plan no longer fits.
    await database.db.execute(sql`alter table planned_test_notes alter column body type varchar(200)`);
    expect((await byId(1))[0]!.body).toBe(TRICKY);
    expect(await byId(2)).toHaveLength(1);
  });

  it.runIf(!onPglite)(
    "on PostgreSQL, named and prepared once per connection; run again unnamed once outdated",
    async () => {
      // One connection, so what it holds prepared can be read.
      const one = await createDatabase({ databaseUrl: database.pool!.options.connectionString, poolSize: 1 });
      try {
        const second = () =>
          one.db.select({ id: notes.id, body: notes.body }).from(notes).where(eq(notes.id, 2));
        const held = async () =>
          (
            await one.db.execute<{ name: string }>(
              sql`select name from pg_prepared_statements
              where statement like '%planned_test_notes%' and statement not like '%pg_prepared_statements%'`,
            )
          ).rows.map((r) => r.name);
        for (let round = 0; round < 4; round++)
          expect(await second()).toEqual([{ id: 2, body: "Nhóm dịch" }]);
        expect(await held()).toEqual([expect.stringMatching(/^vt_planned_\d+$/)]);
        // Its result changes type: the prepared statement no longer fits (0A000), the call still answers.
        await one.db.execute(sql`alter table planned_test_notes alter column body type varchar(300)`);
        for (let round = 0; round < 3; round++)
          expect(await second()).toEqual([{ id: 2, body: "Nhóm dịch" }]);
        expect(await held()).toHaveLength(1);
        // Dropped on the server behind node-postgres's back (26000): answered too.
        await one.db.execute(sql`deallocate all`);
        expect(await second()).toEqual([{ id: 2, body: "Nhóm dịch" }]);
        // At most MAX_NAMED_PER_CONNECTION named: later statements run unnamed.
        const all = await runEachTwice(one.db, MAX_NAMED_PER_CONNECTION + 20);
        expect(all.length).toBeLessThanOrEqual(MAX_NAMED_PER_CONNECTION);
        expect(all.some((s) => s.includes("select 0 as n"))).toBe(true);
        const last = `select ${MAX_NAMED_PER_CONNECTION + 19} as n`;
        expect(all.some((s) => s.includes(last))).toBe(false);
      } finally {
        await one.close();
      }
    },
  );

  it.runIf(onPglite)(`holds at most ${MAX_PREPARED} statements; later ones run as they are`, async () => {
    const held = await runEachTwice(database.db, MAX_PREPARED + 20);
    expect(held.length).toBeLessThanOrEqual(MAX_PREPARED);
    expect(held.some((s) => s.includes("select 0 as n"))).toBe(true);
    expect(held.some((s) => s.includes(`select ${MAX_PREPARED + 19} as n`))).toBe(false);
  });
});
