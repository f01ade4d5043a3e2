/**
 * Upgrades: a database made by an earlier release, with data in it, is migrated by this release
 * and the data survives. "An earlier release" is built at test time from apps/api/drizzle: every
 * migration but the newest N (N = 1: the release before the last schema change; N = 3: a few
 * releases back), so the test keeps working as migrations are added, with no dump to maintain.
 *
 * Seeding uses SQL against the old schema, only into tables that exist at that point; the check
 * is generic (every row of every table that existed before is still there) plus the seeded team,
 * comic and chapter read back through the API of this release.
 *
 * If a future migration deliberately drops or empties a table, list it in DROPPED_ON_PURPOSE.
 */
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { hashSessionToken, SESSION_COOKIE, SESSION_TTL_MS } from "../src/auth/session";
import { type Database, runMigrations } from "../src/db/client";
import { sessions } from "../src/db/schema/users";
import { createTestApp } from "./app";
import { createTestDatabase } from "./db";
import { earlierRelease, journal, removeReleases } from "./releases";

const DROPPED_ON_PURPOSE: string[] = [];

afterAll(removeReleases);

async function tables(database: Database): Promise<Set<string>> {
  const { rows } = await database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return new Set(rows.map((r) => r.name));
}

async function rowCounts(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [...(await tables(database))].sort()) {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = rows[0]!.n;
  }
  return counts;
}

/** Data an uploader team would have, in whichever of these tables the old schema has. */
async function seed(database: Database) {
  const has = await tables(database);
  const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await database.db.execute<T>(query)).rows[0]!;
  const ids: { userId: number; teamId?: number; comicId?: number; chapterId?: number } = {
    userId: (
      await one<{ id: number }>(sql`insert into users (email, name, identity_issuer, identity_subject)
        values ('tac.gia@example.com', 'Tác Giả Cũ', 'test', 'upgrade-1') returning id`)
    ).id,
  };
  if (has.has("teams") && has.has("team_members")) {
    ids.teamId = (
      await one<{ id: number }>(
        sql`insert into teams (name, created_by) values ('Nhóm Dịch Cũ', ${ids.userId}) returning id`,
      )
    ).id;
    await database.db.execute(
      sql`insert into team_members (team_id, user_id, role) values (${ids.teamId}, ${ids.userId}, 'owner')`,
    );
  }
  if (ids.teamId && has.has("comics")) {
    ids.comicId = (
      await one<{ id: number }>(sql`insert into comics (team_id, title, description, created_by)
        values (${ids.teamId}, 'Truyện Cổ Tích Việt Nam', 'Mô tả có dấu', ${ids.userId}) returning id`)
    ).id;
  }
  if (ids.comicId && has.has("chapters")) {
    ids.chapterId = (
      await one<{ id: number }>(sql`insert into chapters (comic_id, team_id, order_num, name, created_by)
        values (${ids.comicId}, ${ids.teamId}, 1, 'Mở đầu', ${ids.userId}) returning id`)
    ).id;
  }
  return ids;
}

describe.each([1, 3])("upgrading from the release before the newest %i migration(s)", (n) => {
  it("applies the remaining migrations and keeps every row, readable through this release's API", async () => {
    expect(journal.entries.length).toBeGreaterThan(n);
    const database = await createTestDatabase({ migrate: false });
    const t = await createTestApp({ database }).catch(async (error) => {
      await database.close();
      throw error;
    });
    try {
      // Note: the app is built first only to share its cleanup; nothing calls it before the upgrade.
      expect(await runMigrations(database, earlierRelease(n))).toEqual(
        journal.entries.slice(0, journal.entries.length - n).map((e) => e.tag),
      );
      const ids = await seed(database);
      const before = await rowCounts(database);

      // The upgrade names what it applied (the server logs one line per name): the newest n.
      expect(await runMigrations(database)).toEqual(journal.entries.slice(-n).map((e) => e.tag));
      expect(await runMigrations(database)).toEqual([]);

      const applied = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      const after = await rowCounts(database);
      for (const [table, count] of Object.entries(before)) {
        if (DROPPED_ON_PURPOSE.includes(table)) continue;
        expect({ table, rows: after[table] }).toEqual({ table, rows: count });
      }

      // The upgraded data works with this release's code: sign in as the old user and read it.
      const token = "upgrade-session-token-0123456789abcdefghij";
      await database.db.insert(sessions).values({
        id: hashSessionToken(token),
        userId: ids.userId,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      const get = (url: string) =>
        t.app.inject({ method: "GET", url, headers: { ...t.headers, cookie: `${SESSION_COOKIE}=${token}` } });
      if (ids.teamId) {
        const team = await get(`/api/teams/${ids.teamId}`);
        expect(team.statusCode).toBe(200);
        expect(team.json()).toMatchObject({ name: "Nhóm Dịch Cũ" });
      }
      if (ids.comicId) {
        const comic = await get(`/api/comics/${ids.comicId}`);
        expect(comic.statusCode).toBe(200);
        expect(comic.json()).toMatchObject({ title: "Truyện Cổ Tích Việt Nam" });
        // Search (accent-insensitive, added by later migrations) finds the old comic too.
        const found = await get("/api/comics?scope=mine&search=co%20tich");
        expect(found.statusCode).toBe(200);
        expect(JSON.stringify(found.json())).toContain("Truyện Cổ Tích Việt Nam");
      }
      if (ids.chapterId) {
        const chapters = await get(`/api/chapters/comic/${ids.comicId}`);
        expect(chapters.statusCode).toBe(200);
        expect(JSON.stringify(chapters.json())).toContain("Mở đầu");
      }
    } finally {
      await t.close();
    }
  }, 120_000);
});
