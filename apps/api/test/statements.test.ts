/**
 * Round trips of the hot routes (docs/architecture.md, "Round trips and budgets": PGlite runs on the
 * event loop, each statement costs): a page upload counts its quota once and checks access once;
 * the comics list reads the session, the user's teams, the page and its total in few statements.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./app";
import { call, createTeam, createUser, jpeg, type TestUser } from "./fixtures/api";
import { createChapter, createComic, uploadWith } from "./fixtures/comics";
import { countStatements } from "./statements";

let t: TestApp;
let user: TestUser;
let chapterId: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  const teamId = await createTeam(t, user);
  chapterId = await createChapter(t, user, (await createComic(t, user, teamId)).id);
});
afterAll(() => t?.close());

describe.skipIf(process.env.TEST_DATABASE_URL)("statements per request", () => {
  it("a page upload of 8 files", async () => {
    const bytes = await jpeg(60, 80);
    const files = Array.from({ length: 8 }, (_, i) => ({
      field: "files",
      filename: `${i}.jpg`,
      contentType: "image/jpeg",
      bytes,
    }));
    // Warm: the session slid, the hour's quota row exists.
    expect(
      (await uploadWith(t, user, `/api/chapters/${chapterId}/pages`, files.slice(0, 1))).statusCode,
    ).toBe(201);
    const { result, statements } = await countStatements(t, () =>
      uploadWith(t, user, `/api/chapters/${chapterId}/pages`, files),
    );
    expect(result.statusCode).toBe(201);
    // The quota counted once for the 8 files, access checked once (before the body is read).
    expect(statements.filter((s) => s.includes('"upload_usage"'))).toHaveLength(1);
    expect(statements.filter((s) => s.includes('"comic_teams"'))).toHaveLength(1);
    expect(statements.length, statements.join("\n---\n")).toBeLessThanOrEqual(7);
  });

  it("the comics list: the session with the user's teams, the estimate, the page with its count", async () => {
    for (const query of ["", "?scope=all", "?search=truy", "?scope=all&status=ongoing"]) {
      const { result, statements } = await countStatements(t, () =>
        call(t, user, "GET", `/api/comics${query}`),
      );
      expect(result.statusCode).toBe(200);
      expect(statements.length, `${query}\n${statements.join("\n---\n")}`).toBe(3);
    }
    // A page past the end has no row to carry the count: one more statement.
    const past = await countStatements(t, () => call(t, user, "GET", "/api/comics?page=9"));
    expect(past.result.json()).toMatchObject({ comics: [], total: 1 });
    expect(past.statements).toHaveLength(4);
  });
});
