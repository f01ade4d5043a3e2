import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createUser } from "../../test/fixtures/api";
import { authRateLimit } from "../db/schema/auth";
import { sessions } from "../db/schema/users";
import { sessionsPrune } from "./sessions-prune.job";

const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as never;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("sessions.prune", () => {
  it("deletes expired sessions and idle rate-limit rows, keeps live ones", async () => {
    const live = await createUser(t);
    const gone = await createUser(t);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${gone.id}`,
    );
    const now = Date.now();
    await t.database.db.insert(authRateLimit).values([
      { id: "old", key: "1.2.3.4/sign-in/email", count: 3, lastRequest: now - 2 * 3_600_000 },
      { id: "new", key: "1.2.3.5/sign-in/email", count: 3, lastRequest: now - 30_000 },
    ]);

    const ctx = {
      db: t.database.db,
      database: t.database,
      storage: t.storage,
      config: t.config,
      log: silent,
    };
    const removed = await sessionsPrune.run({}, ctx);
    expect(removed).toMatchObject({ sessions: 1, rateLimits: 1 });

    const left = await t.database.db.select({ userId: sessions.userId }).from(sessions);
    expect(left.map((s) => s.userId)).toContain(live.id);
    expect(left.map((s) => s.userId)).not.toContain(gone.id);
    const limits = await t.database.db.select({ id: authRateLimit.id }).from(authRateLimit);
    expect(limits.map((r) => r.id)).toEqual(["new"]);
    // The live user's session still works.
    const res = await t.app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: live.cookie } });
    expect(res.statusCode).toBe(200);
  });
});
