/**
 * Two API instances on one PostgreSQL database, each with its own job engine (pg-boss), send the
 * team webhooks' deliveries: every event reaches its receiver exactly once and in order per hook
 * (docs/webhooks.md; claims use FOR UPDATE SKIP LOCKED). PGlite is an in-process database that a
 * second instance cannot open, so the suite runs on PostgreSQL only (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, testDatabaseUrl } from "../../../test/db";
import { call, createTeam, createUser } from "../../../test/fixtures/api";
import { receiver, verify } from "../../../test/fixtures/webhooks";
import { createDatabase, runMigrations } from "../../db/client";
import { webhookDeliveries } from "../../db/schema/webhooks";
import { webhooksDeliver } from "../../jobs/webhooks-deliver.job";

const serverUrl = testDatabaseUrl();
const env = { WEBHOOK_ALLOW_PRIVATE: "true" };

describe.skipIf(!serverUrl)(
  "webhooks with two API instances (PostgreSQL only: PGlite cannot be shared by two instances)",
  () => {
    let a: TestApp;
    let b: TestApp;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const made = await createPostgresDatabase(serverUrl!);
      drop = made.drop;
      const first = await createDatabase({ databaseUrl: made.url, poolSize: 4 });
      await runMigrations(first);
      const second = await createDatabase({ databaseUrl: made.url, poolSize: 4 });
      a = await createTestApp({ env, database: first, jobs: true });
      b = await createTestApp({ env, database: second, jobs: true });
    }, 120_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await drop?.();
    });

    it("each event is delivered exactly once, in order per hook, whichever instance sends it", {
      timeout: 120_000,
    }, async () => {
      const owner = await createUser(a);
      const teamId = await createTeam(a, owner);
      const receivers = [await receiver(), await receiver(), await receiver()];
      try {
        const hooks: { id: number; secret: string }[] = [];
        for (const r of receivers) {
          const res = await call(a, owner, "POST", `/api/teams/${teamId}/webhooks`, {
            payload: { url: r.url, events: ["chapter.published"] },
          });
          expect(res.statusCode, res.body).toBe(201);
          hooks.push(res.json());
        }
        // Events queued through both instances, without waking the engines yet.
        const sent: string[][] = hooks.map(() => []);
        for (let round = 0; round < 4; round += 1)
          for (const [i, hook] of hooks.entries()) {
            const app = (round + i) % 2 === 0 ? a : b;
            const res = await call(app, owner, "POST", `/api/teams/${teamId}/webhooks/${hook.id}/test`);
            expect(res.statusCode).toBe(202);
            sent[i]!.push(res.json().eventId);
          }
        // The wakes above already queued runs on both engines; several more compete for the rows.
        const runs: { app: TestApp; id: string | null }[] = [];
        for (let i = 0; i < 3; i += 1)
          for (const app of [a, b]) runs.push({ app, id: await app.app.jobs!.send(webhooksDeliver, {}) });
        for (const run of runs)
          if (run.id) await run.app.app.jobs!.waitFor(webhooksDeliver, run.id, { timeoutMs: 60_000 });
        // A run woken earlier may still be sending: wait for every delivery to be settled.
        await vi.waitFor(
          async () => {
            const rows = await a.database.db
              .select({ status: webhookDeliveries.status })
              .from(webhookDeliveries);
            expect(rows.filter((row) => row.status !== "delivered")).toEqual([]);
          },
          { timeout: 60_000, interval: 100 },
        );

        for (const [i, r] of receivers.entries()) {
          expect(r.got.map((g) => g.headers["x-webhook-id"])).toEqual(sent[i]);
          for (const got of r.got) expect(verify(hooks[i]!.secret, got)).toBe(true);
        }
        const log = await call(b, owner, "GET", `/api/teams/${teamId}/webhooks/${hooks[0]!.id}/deliveries`);
        expect(
          log.json().items.map((d: { status: string; attempts: number }) => [d.status, d.attempts]),
        ).toEqual(sent[0]!.map(() => ["delivered", 1]));
      } finally {
        for (const r of receivers) await r.close();
      }
    });
  },
);
