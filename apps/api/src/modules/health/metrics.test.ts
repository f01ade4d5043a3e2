/**
 * GET /metrics (Prometheus text format), its bearer token, and the counters other code moves:
 * HTTP requests by route template, accepted upload bytes and image-gate rejections; the gauges an
 * operator alerts on: job backlog and failures per queue, database up, build info.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { testDatabaseUrl } from "../../../test/db";
import { createUser, type TestUser, upload } from "../../../test/fixtures/api";
import { coverFile } from "../../../test/fixtures/comics";
import { defineJob } from "../../jobs/engine";
import { metrics } from "../../lib/metrics";
import { appVersion } from "../../lib/repo-root";

const TOKEN = "metrics-token-0123456789abcdef";
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  user = await createUser(t);
});
afterAll(() => t?.close());

async function scrape(): Promise<string> {
  const res = await t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** Value of one sample line (`name{labels} value`), 0 when the series does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("GET /metrics", () => {
  it("answers 401 without the bearer token, or with a wrong one, when METRICS_TOKEN is set", async () => {
    const none = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: "UNAUTHORIZED" });
    expect(none.body).not.toContain("http_request_duration_seconds");
    const wrong = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("is open when METRICS_TOKEN is not set", async () => {
    const open = await createTestApp();
    try {
      const res = await open.app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("# TYPE http_request_duration_seconds histogram");
    } finally {
      await open.close();
    }
  });

  it("counts requests by method, route template and status", async () => {
    const series =
      'http_request_duration_seconds_count{method="GET",route="/api/comics/:comicId",status_code="401"}';
    const before = sample(await scrape(), series);
    for (const id of [1, 2, 3]) {
      const res = await t.app.inject({ method: "GET", url: `/api/comics/${id}` });
      expect(res.statusCode).toBe(401);
    }
    const after = await scrape();
    expect(sample(after, series) - before).toBe(3);
    // The raw URL never becomes a label (one series per template, not per id).
    expect(after).not.toContain('route="/api/comics/1"');
  });

  it("moves the upload-bytes counter for an accepted image and the gate counter for a refused one", async () => {
    const before = await scrape();
    const cover = await coverFile();
    const ok = await upload(t, user, "/api/comics/covers", [cover]);
    expect(ok.statusCode).toBe(201);
    const bad = await upload(t, user, "/api/comics/covers", [
      {
        field: "file",
        filename: "c.png",
        contentType: "image/png",
        bytes: Buffer.from("not an image at all"),
      },
    ]);
    expect(bad.statusCode).toBe(415);
    const after = await scrape();
    expect(sample(after, "vt_upload_bytes_total") - sample(before, "vt_upload_bytes_total")).toBe(
      cover.bytes.length,
    );
    const rejected = 'vt_image_gate_rejections_total{reason="not_image"}';
    expect(sample(after, rejected) - sample(before, rejected)).toBe(1);
  });

  it("exposes job runs and, on PostgreSQL, the connection pool", async () => {
    metrics.jobRuns.inc({ queue: "test.queue", outcome: "failed" });
    const text = await scrape();
    expect(sample(text, 'vt_job_runs_total{queue="test.queue",outcome="failed"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain("# TYPE vt_db_pool_waiting_requests gauge");
    if (testDatabaseUrl()) expect(sample(text, "vt_db_pool_connections")).toBeGreaterThan(0);
    expect(text).toContain("process_resident_memory_bytes");
  });
});

describe("GET /metrics: what an operator alerts on", () => {
  it("reports the version, the Node.js version and the git commit this instance runs", async () => {
    const text = await scrape();
    let commit = "unknown";
    try {
      commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8" }).trim();
    } catch {}
    const line = text.split("\n").find((l) => l.startsWith("vt_build_info{"));
    expect(line).toBe(
      `vt_build_info{version="${appVersion()}",node="${process.version}",commit="${commit}"} 1`,
    );
  });

  it("reports the database up while it answers, and down once it does not", async () => {
    expect(sample(await scrape(), "vt_database_up")).toBe(1);
    const down = await createTestApp();
    try {
      await down.database.close();
      const res = await down.app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(200);
      expect(sample(res.body, "vt_database_up")).toBe(0);
      expect(res.body).toContain("# TYPE vt_database_up gauge");
      // No stale queue numbers while the database is unreachable.
      expect(res.body).not.toMatch(/^vt_job_backlog\{/m);
    } finally {
      await down.close();
    }
  });

  it("reports job backlog, deferred jobs and failures per queue from the shared queue", async () => {
    const withJobs = await createTestApp({ jobs: true });
    try {
      const engine = withJobs.app.jobs!;
      // A queue no instance works: whatever is sent waits.
      const idle = defineJob({ name: "test.idle", async run() {} });
      const broken = defineJob({
        name: "test.broken",
        retryLimit: 0,
        async run() {
          throw new Error("the disk is on fire");
        },
      });
      await engine.work(broken);
      for (let i = 0; i < 3; i++) await engine.send(idle, {});
      await engine.send(idle, {}, { startAfter: 3600 });
      const failing = await engine.send(broken, {});
      expect((await engine.waitFor(broken, failing!)).state).toBe("failed");

      const res = await withJobs.app.inject({ method: "GET", url: "/metrics" });
      const text = res.body;
      expect(sample(text, 'vt_job_backlog{queue="test.idle"}')).toBe(3);
      expect(sample(text, 'vt_job_deferred{queue="test.idle"}')).toBe(1);
      expect(sample(text, 'vt_job_failed{queue="test.idle"}')).toBe(0);
      expect(sample(text, 'vt_job_backlog_oldest_seconds{queue="test.idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'vt_job_failed{queue="test.broken"}')).toBe(1);
      expect(sample(text, 'vt_job_backlog{queue="test.broken"}')).toBe(0);
      expect(sample(text, 'vt_job_runs_total{queue="test.broken",outcome="failed"}')).toBeGreaterThanOrEqual(
        1,
      );
      // Every queue of the registry has its series, at 0 when nothing waits (alerts need the series).
      expect(text).toMatch(/^vt_job_backlog\{queue="images\.thumbnail"\} \d+$/m);
      // pg-boss's internal queues are not reported.
      expect(text).not.toMatch(/^vt_job_backlog\{queue="__/m);
    } finally {
      await withJobs.close();
    }
  });
});
