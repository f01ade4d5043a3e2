import { readFileSync, rmSync } from "node:fs";
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
      // This test app runs no job engine (server.ts starts one: see src/jobs/engine.test.ts).
      queue: "off",
      jobs: { created: 0, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 0 },
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

describe("GET /api/health/live and /api/health/ready", () => {
  it("live answers ok without touching the database", async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: "GET", url: "/api/health/live" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    await other.close();
  });

  it("ready answers 200 with each dependency ok, including registered ones such as the job queue", async () => {
    let queueUp = true;
    const other = await createTestApp({
      setup: (app) => {
        app.readinessChecks.set("jobs", async () => {
          if (!queueUp) throw new Error("queue stopped");
        });
      },
    });
    try {
      const res = await other.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok", checks: { db: "ok", storage: "ok", jobs: "ok" } });
      queueUp = false;
      const down = await other.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        status: "unavailable",
        checks: { db: "ok", storage: "ok", jobs: "failing" },
      });
      expect(down.body).not.toContain("queue stopped");
    } finally {
      await other.close();
    }
  });

  it("ready answers 503 naming the database when it is gone, and the storage when it is not writable", async () => {
    const other = await createTestApp();
    try {
      rmSync(other.config.storageDir, { recursive: true, force: true });
      const noStorage = await other.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(noStorage.statusCode).toBe(503);
      expect(noStorage.json()).toEqual({ status: "unavailable", checks: { db: "ok", storage: "failing" } });
      await other.database.close();
      const res = await other.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.db).toBe("failing");
    } finally {
      await other.close();
    }
  });
});
