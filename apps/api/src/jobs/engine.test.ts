import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createTestDatabase, testDatabaseUrl } from "../../test/db";
import { runAdminCommand } from "../cli/admin";
import type { Database } from "../db/client";
import { repoRoot } from "../lib/repo-root";
import { crashResumeBoundSeconds, defineJob, type JobEngine, startJobEngine } from "./engine";
import { JOBS } from "./registry";
import { JOBS_SCHEMA, recentJobRuns } from "./runs";

const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as never;

let t: TestApp;
let engine: JobEngine;
const seen: number[] = [];

const echo = defineJob<{ n: number }>({
  name: "test.echo",
  async run({ n }) {
    seen.push(n);
    return { doubled: n * 2 };
  },
});
const broken = defineJob({
  name: "test.broken",
  retryLimit: 0,
  async run() {
    throw new Error("the disk is on fire");
  },
});

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  engine = t.app.jobs!;
  await engine.work(echo);
  await engine.work(broken);
});
afterAll(() => t?.close());

describe(`job engine (pg-boss on ${testDatabaseUrl() ? "PostgreSQL" : "PGlite"})`, () => {
  it("runs a sent job once and records the run", async () => {
    const id = await engine.send(echo, { n: 21 });
    expect(id).toEqual(expect.any(String));
    const run = await engine.waitFor(echo, id!);
    expect(run).toMatchObject({ name: "test.echo", state: "completed", error: null });
    expect(run.startedOn).toBeInstanceOf(Date);
    expect(seen).toEqual([21]);
    const runs = await recentJobRuns(t.database.db, 10);
    expect(runs.find((r) => r.id === id)).toMatchObject({ state: "completed" });
  });

  it("takes up again a run whose process was killed (its heartbeat lost), within the documented bound", {
    timeout: (crashResumeBoundSeconds() + 120) * 1000,
  }, async () => {
    const resumed = defineJob<{ n: number }>({
      name: "test.resumed",
      async run({ n }) {
        return { n };
      },
    });
    const id = await engine.send(resumed, { n: 7 });
    // What a worker killed with -9 leaves behind: the run claimed (active), never refreshed again.
    await t.database.db.execute(
      sql`update ${sql.raw(JOBS_SCHEMA)}.job set state = 'active', started_on = now() - interval '10 minutes',
            heartbeat_on = now() - interval '10 minutes' where id = ${id}::uuid`,
    );
    await engine.work(resumed);
    // Waits for the state; the limit only turns a run never taken up into a failure, not a hang.
    const run = await engine.waitFor(resumed, id!, { timeoutMs: (crashResumeBoundSeconds() + 60) * 1000 });
    expect(run).toMatchObject({ state: "completed", retryCount: 1 });
    // docs/jobs.md states the same bound.
    const doc = readFileSync(join(repoRoot(), "docs/jobs.md"), "utf8");
    const minutes = Number(/taken up again within (\d+) minutes/.exec(doc)?.[1]);
    expect(crashResumeBoundSeconds()).toBeLessThanOrEqual(minutes * 60);
    const thumbnails = JOBS.find((j) => j.name === "images.thumbnail")!;
    expect(crashResumeBoundSeconds(thumbnails.heartbeatSeconds)).toBeLessThanOrEqual(minutes * 60);
  });

  it("records a failed run with its error message", async () => {
    const id = await engine.send(broken, {});
    const run = await engine.waitFor(broken, id!);
    expect(run).toMatchObject({ state: "failed", error: "the disk is on fire" });
    const runs = await engine.recentRuns(10);
    expect(runs.find((r) => r.id === id)?.error).toBe("the disk is on fire");
  });

  it("npm run admin -- jobs lists recent runs with name, state, started, finished and error", async () => {
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    expect(await runAdminCommand(["jobs", "50"], t.database, io)).toBe(0);
    expect(out[0]).toBe("name\tstate\tstarted\tfinished\terror");
    const failed = out.find((l) => l.startsWith("test.broken\tfailed\t"));
    expect(failed?.split("\t")).toEqual([
      "test.broken",
      "failed",
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      expect.stringMatching(/^\d{4}-/),
      "the disk is on fire",
    ]);
    expect(out.some((l) => l.startsWith("test.echo\tcompleted\t"))).toBe(true);
    expect(await runAdminCommand(["jobs", "lots"], t.database, io)).toBe(64);
  });

  it("registers the cron schedule of every scheduled job in the registry", async () => {
    const { rows } = await t.database.db.execute<{ name: string; cron: string }>(
      sql`select name, cron from pgboss.schedule order by name`,
    );
    const expected = JOBS.filter((j) => j.cron).map((j) => ({ name: j.name, cron: j.cron }));
    expect(rows).toEqual(expect.arrayContaining(expected));
    expect(rows).toHaveLength(expected.length);
  });

  it("GET /api/health reports the queue and its counts by state", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.queue).toBe("ok");
    expect(body.jobs.completed).toBeGreaterThanOrEqual(1);
    expect(body.jobs.failed).toBeGreaterThanOrEqual(1);
    expect(Object.keys(body.jobs).sort()).toEqual([
      "active",
      "cancelled",
      "completed",
      "created",
      "failed",
      "retry",
    ]);
  });

  it("keeps application queries answering while a handler is slow", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = defineJob({
      name: "test.slow",
      async run() {
        await gate;
      },
    });
    await engine.work(slow);
    const id = await engine.send(slow, {});
    // The handler is waiting; the app (same PGlite connection) still answers.
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    release();
    expect((await engine.waitFor(slow, id!)).state).toBe("completed");
  });
});

describe.runIf(testDatabaseUrl())("two instances on one PostgreSQL", () => {
  let database: Database;
  const engines: JobEngine[] = [];
  afterAll(async () => {
    for (const e of engines) await e.stop({ timeoutMs: 5000 });
    await database?.close();
  });

  it("run each of 12 jobs exactly once between them", { timeout: 120_000 }, async () => {
    database = await createTestDatabase();
    const ran: { instance: number; n: number }[] = [];
    const counted = (instance: number) =>
      defineJob<{ n: number }>({
        name: "test.count",
        async run({ n }) {
          ran.push({ instance, n });
        },
      });
    for (const instance of [1, 2]) {
      const e = await startJobEngine({
        database,
        context: { db: database.db, database, storage: t.storage, config: t.config, log: silent },
        jobs: [],
      });
      engines.push(e);
      await e.work(counted(instance));
    }
    const ids: string[] = [];
    for (let n = 0; n < 12; n++) ids.push((await engines[n % 2]!.send(counted(0), { n }))!);
    for (const id of ids) expect((await engines[0]!.waitFor(counted(0), id)).state).toBe("completed");
    expect(ran.map((r) => r.n).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
  });
});
