/**
 * GET /metrics (Prometheus text format), its bearer token, and the counters other code moves:
 * HTTP requests by route template, accepted upload bytes and image-gate rejections.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { testDatabaseUrl } from "../../../test/db";
import { createUser, type TestUser, upload } from "../../../test/fixtures/api";
import { coverFile } from "../../../test/fixtures/comics";
import { metrics } from "../../lib/metrics";

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
