/**
 * History rows written before "one user action, one entry" (docs/requests.md, "History") are
 * brought to today's form by migration 0020: a database of the release before it, holding rows in
 * the old form, is migrated and its History reads as one written today would.
 */
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { createTestApp } from "../../../test/app";
import { createTestDatabase } from "../../../test/db";
import { releaseBefore, removeReleases } from "../../../test/releases";
import { hashSessionToken, SESSION_COOKIE, SESSION_TTL_MS } from "../../auth/session";
import { runMigrations } from "../../db/client";
import { sessions } from "../../db/schema/users";

afterAll(removeReleases);

it("folds old history rows into one entry per user action and names the other team and comic", async () => {
  const database = await createTestDatabase({ migrate: false });
  const t = await createTestApp({ database }).catch(async (error) => {
    await database.close();
    throw error;
  });
  try {
    await runMigrations(database, releaseBefore("0020_history_one_row_per_action"));
    const one = async (query: ReturnType<typeof sql>) =>
      Number((await database.db.execute<{ id: number }>(query)).rows[0]!.id);
    const user = await one(sql`insert into users (email, name, identity_issuer, identity_subject)
      values ('mai@example.com', 'Mai', 'test', 'history-upgrade') returning id`);
    const team = await one(
      sql`insert into teams (name, created_by) values ('Nhóm Mây', ${user}) returning id`,
    );
    const other = await one(
      sql`insert into teams (name, created_by) values ('Nhóm Gió', ${user}) returning id`,
    );
    await database.db.execute(
      sql`insert into team_members (team_id, user_id, role) values (${team}, ${user}, 'owner')`,
    );
    const comic = await one(sql`insert into comics (team_id, title, created_by)
      values (${team}, 'Hoa Nở', ${user}) returning id`);
    const merged = await one(sql`insert into comics (team_id, title, created_by, deleted_at)
      values (${team}, 'Mưa Hạ', ${user}, now()) returning id`);
    const chapter = await one(sql`insert into chapters (comic_id, team_id, order_num, name, created_by)
      values (${comic}, ${team}, 1, 'Kéo thả', ${user}) returning id`);

    // The old form, in the order the old code wrote it.
    const row = (
      entity: string,
      id: number,
      action: string,
      before: object | null,
      after: object,
      at: string,
    ) =>
      database.db.execute(sql`insert into audit_log (actor_id, team_id, entity, entity_id, action, before, after, created_at)
        values (${user}, ${team}, ${entity}, ${id}, ${action}, ${before ? JSON.stringify(before) : null}::jsonb,
          ${JSON.stringify(after)}::jsonb, ${at}::timestamptz)`);
    const page = (n: number) => ({ id: n, url: `p/${n}.jpg`, key: null });
    await row("chapter", chapter, "upload_pages", null, { pages: [page(1)] }, "2026-10-01T10:00:00Z");
    await row("chapter", chapter, "upload_pages", null, { pages: [page(2)] }, "2026-10-01T10:01:00Z");
    // Saving the new pages into the list: not a reorder.
    await row(
      "chapter",
      chapter,
      "reorder_pages",
      { pages: [1] },
      { pages: [1, 2], removed: [] },
      "2026-10-01T10:02:00Z",
    );
    await row("chapter", chapter, "upload_pages", null, { pages: [page(3)] }, "2026-10-01T10:05:00Z");
    // A publishing save: "edited Status" then "published", one transaction.
    await row(
      "chapter",
      chapter,
      "update",
      { status: "draft", name: "Kéo" },
      { status: "published", name: "Kéo thả" },
      "2026-10-01T10:06:00Z",
    );
    await row("chapter", chapter, "publish", null, { publishedAt: 1, pageCount: 3 }, "2026-10-01T10:06:00Z");
    // A real reorder stays; an upload an hour later is its own entry.
    await row(
      "chapter",
      chapter,
      "reorder_pages",
      { pages: [1, 2, 3] },
      { pages: [2, 1, 3], removed: [] },
      "2026-10-01T10:07:00Z",
    );
    await row("chapter", chapter, "upload_pages", null, { pages: [page(4)] }, "2026-10-01T11:30:00Z");
    await row("comic", comic, "grant_upload", null, { teamId: other, requestId: 1 }, "2026-10-01T12:00:00Z");
    await row(
      "comic",
      comic,
      "merge_from",
      null,
      { comicId: merged, targetComicId: comic, moved: { chapters: 0 }, viewCount: 5, saveCount: 1 },
      "2026-10-01T12:30:00Z",
    );

    expect(await runMigrations(database)).toContain("0020_history_one_row_per_action");

    const { rows } = await database.db.execute<{
      entity: string;
      action: string;
      before: unknown;
      after: unknown;
    }>(sql`select entity, action, before, after from audit_log order by id`);
    expect(rows).toEqual([
      {
        entity: "chapter",
        action: "upload_pages",
        before: null,
        after: { pages: [page(1), page(2), page(3)] },
      },
      {
        entity: "chapter",
        action: "publish",
        before: { name: "Kéo" },
        after: { name: "Kéo thả", publishedAt: 1, pageCount: 3 },
      },
      {
        entity: "chapter",
        action: "reorder_pages",
        before: { pages: [1, 2, 3] },
        after: { pages: [2, 1, 3], removed: [] },
      },
      { entity: "chapter", action: "upload_pages", before: null, after: { pages: [page(4)] } },
      {
        entity: "comic",
        action: "grant_upload",
        before: null,
        after: { teamId: other, requestId: 1, teamName: "Nhóm Gió" },
      },
      {
        entity: "comic",
        action: "merge_from",
        before: null,
        after: {
          comicId: merged,
          targetComicId: comic,
          moved: { chapters: 0 },
          viewCount: 5,
          saveCount: 1,
          comicTitle: "Mưa Hạ",
          targetComicTitle: "Hoa Nở",
        },
      },
    ]);

    // The comic's History tab serves them: six entries, newest first.
    const token = "history-upgrade-session-token-0123456789";
    await database.db.insert(sessions).values({
      id: hashSessionToken(token),
      userId: user,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    });
    const history = await t.app.inject({
      method: "GET",
      url: `/api/comics/${comic}/history`,
      headers: { ...t.headers, cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(history.statusCode).toBe(200);
    const actions = (history.json() as { entries: { action: string }[] }).entries.map((i) => i.action);
    expect(actions).toEqual([
      "merge_from",
      "grant_upload",
      "upload_pages",
      "reorder_pages",
      "publish",
      "upload_pages",
    ]);
  } finally {
    await t.close();
  }
}, 120_000);
