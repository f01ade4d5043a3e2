import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { testDatabaseUrl } from "../../../test/db";
import { repoRoot } from "../../lib/repo-root";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("GET /api/health", () => {
  it(`reports ok with the database driver in use (${testDatabaseUrl() ? "postgres" : "pglite"}), local storage and the version`, async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const version = JSON.parse(readFileSync(join(repoRoot(), "package.json"), "utf8")).version;
    expect(res.json()).toEqual({
      status: "ok",
      db: testDatabaseUrl() ? "postgres" : "pglite",
      storage: "local",
      version,
    });
  });

  it("runs on a migrated database with unaccent and pg_trgm available", async () => {
    const { rows } = await t.database.db.execute<{ plain: string; sim: number }>(
      sql`select unaccent('Vườn Truyện') as plain, similarity('truyen', 'truyện') as sim`,
    );
    expect(rows[0]?.plain).toBe("Vuon Truyen");
    expect(rows[0]?.sim).toBeGreaterThan(0);
  });

  it("answers 503 SERVICE_UNAVAILABLE when the database is gone", async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: expect.any(String), code: "SERVICE_UNAVAILABLE" });
    await other.close();
  });
});
