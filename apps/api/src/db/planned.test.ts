import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db";
import type { Database } from "./client";
import { prepareOnce } from "./planned";

const notes = pgTable("planned_test_notes", {
  id: integer().primaryKey(),
  body: text().notNull(),
  at: timestamp({ withTimezone: true, mode: "date" }).notNull(),
});

describe("prepareOnce", () => {
  let database: Database;
  const byId = () =>
    prepareOnce(
      database.db,
      "vt_test_note",
      database.db
        .select({ id: notes.id, body: notes.body, at: notes.at })
        .from(notes)
        .where(eq(notes.id, sql.placeholder("id"))),
    );
  const prepared = async () =>
    (
      await database.db.execute<{ name: string }>(
        sql`select name from pg_prepared_statements where name = 'vt_test_note'`,
      )
    ).rows.length;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`create table planned_test_notes (id integer primary key, body text not null, at timestamptz not null)`,
    );
    await database.db.insert(notes).values([
      { id: 1, body: "it's a \\ back'slash", at: new Date("2026-01-02T03:04:05.678Z") },
      { id: 2, body: "Nhóm dịch", at: new Date("2026-02-03T00:00:00Z") },
    ]);
  });
  afterAll(() => database.close());

  it("answers what the statement answers unprepared, quotes included", async () => {
    const query = byId();
    for (const id of [1, 2, 3]) {
      const plain = await database.db
        .select({ id: notes.id, body: notes.body, at: notes.at })
        .from(notes)
        .where(eq(notes.id, id));
      expect(await query.execute({ id })).toEqual(plain);
    }
    expect((await query.execute({ id: 1 }))[0]).toEqual({
      id: 1,
      body: "it's a \\ back'slash",
      at: new Date("2026-01-02T03:04:05.678Z"),
    });
    // An argument is a value, never SQL.
    expect(await query.execute({ id: "1); drop table planned_test_notes; --" }).catch(() => "refused")).toBe(
      "refused",
    );
    expect(await query.execute({ id: 2 })).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    "on PGlite, is prepared once on the instance and prepared again when dropped or outdated",
    async () => {
      const query = byId();
      await query.execute({ id: 1 });
      expect(await prepared()).toBe(1);
      await database.db.execute(sql`deallocate vt_test_note`);
      expect(await query.execute({ id: 2 })).toEqual([
        { id: 2, body: "Nhóm dịch", at: new Date("2026-02-03T00:00:00Z") },
      ]);
      expect(await prepared()).toBe(1);
      // A schema change that changes the statement's result type invalidates its plan.
      await database.db.execute(sql`alter table planned_test_notes alter column body type varchar(200)`);
      expect(await query.execute({ id: 1 })).toEqual([
        { id: 1, body: "it's a \\ back'slash", at: new Date("2026-01-02T03:04:05.678Z") },
      ]);
    },
  );
});
