/**
 * Fingerprints stored before `chapter_pages.fingerprint_version` (migration 0024) are marked as
 * made by version 1, so the `pages.fingerprint` job makes them again (docs/page-checks.md, "The
 * fingerprint of a page"); pages without one stay due as before.
 */
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db";
import { releaseBefore, removeReleases } from "../../test/releases";
import { runMigrations } from "../db/client";
import { chapterPages, fingerprintDue } from "../db/schema/chapters";

afterAll(removeReleases);

it("marks the fingerprints made before versions as version 1, due again like the pages without one", async () => {
  const database = await createTestDatabase({ migrate: false });
  try {
    await runMigrations(database, releaseBefore("0024_fingerprint_version"));
    const one = async (query: ReturnType<typeof sql>) =>
      Number((await database.db.execute<{ id: number }>(query)).rows[0]!.id);
    const user = await one(sql`insert into users (email, name, identity_issuer, identity_subject)
      values ('lan@example.com', 'Lan', 'test', 'fingerprint-upgrade') returning id`);
    const team = await one(
      sql`insert into teams (name, created_by) values ('Nhóm Sen', ${user}) returning id`,
    );
    const comic = await one(sql`insert into comics (team_id, title, created_by)
      values (${team}, 'Sen Hồng', ${user}) returning id`);
    const chapter = await one(sql`insert into chapters (comic_id, team_id, order_num, name, created_by)
      values (${comic}, ${team}, 1, 'Một', ${user}) returning id`);
    const page = (n: number, dhash: string | null) =>
      one(sql`insert into chapter_pages (chapter_id, position, url, dhash, brightness_mean, brightness_std)
        values (${chapter}, ${n}, ${`comics/${comic}/${n}.jpg`}, ${dhash}, ${dhash ? 200 : null}, ${dhash ? 40 : null})
        returning id`);
    const old = await page(1, "0123456789abcdef");
    const none = await page(2, null);

    // 0024 and whatever came after it.
    expect((await runMigrations(database))[0]).toBe("0024_fingerprint_version");
    const rows = await database.db
      .select({ id: chapterPages.id, dhash: chapterPages.dhash, version: chapterPages.fingerprintVersion })
      .from(chapterPages)
      .orderBy(chapterPages.id);
    expect(rows).toEqual([
      { id: old, dhash: "0123456789abcdef", version: 1 },
      { id: none, dhash: null, version: null },
    ]);
    const due = await database.db
      .select({ id: chapterPages.id })
      .from(chapterPages)
      .where(fingerprintDue(chapterPages.fingerprintVersion));
    expect(due.map((r) => r.id).sort()).toEqual([old, none].sort());
  } finally {
    await database.close();
  }
}, 180_000);
