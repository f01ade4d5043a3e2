/**
 * Prometheus metrics of this process, served at GET /metrics (see docs/operations.md for what to
 * watch). One registry per process: the counters below are the tiny API other code calls, e.g.
 *
 *   metrics.uploadBytes.inc(bytes.length);                        // a file the image gate accepted
 *   metrics.gateRejections.inc({ reason: "too_large" });          // the image gate refused a file
 *   metrics.jobRuns.inc({ queue: "storage.sweep", outcome: "completed" });
 *
 * HTTP request rate and latency are recorded for every request by `registerHttpMetrics` (labels:
 * method, the route TEMPLATE such as /api/comics/:comicId, never the raw URL, and status code).
 * The gauges of the database and the job queues are set by the /metrics route just before each
 * scrape (modules/health: `refreshOperationalMetrics`); `vt_build_info` is set once at load.
 */
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { appCommit, appVersion } from "./repo-root";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "HTTP requests by method, route template and status code: latency (count gives the rate)",
  labelNames: ["method", "route", "status_code"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

/** pg pools of the open databases (one per app in this process; tests open several). */
const pools = new Set<pg.Pool>();
const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      let sum = 0;
      for (const pool of pools) sum += read(pool);
      this.set(sum);
    },
  });

export const metrics = {
  /** Bytes of uploaded files accepted by the image gate. */
  uploadBytes: new Counter({
    name: "vt_upload_bytes_total",
    help: "Bytes of uploaded files accepted by the image gate",
    registers: [registry],
  }),
  /** Files the image gate refused, by reason (too_large, too_many_files, not_image, type, pixels, ...). */
  gateRejections: new Counter({
    name: "vt_image_gate_rejections_total",
    help: "Uploaded files refused by the image gate, by reason",
    labelNames: ["reason"] as const,
    registers: [registry],
  }),
  /** Image decodes of the gate (and re-encodes of non-page images) finished (lib/decode-slots.ts). */
  decodes: new Counter({
    name: "vt_image_decodes_total",
    help: "Image decodes run by the image gate (and re-encodes of non-page images)",
    registers: [registry],
  }),
  /** Image checks waiting for a decode slot now. */
  decodeQueue: new Gauge({
    name: "vt_image_decode_queue",
    help: "Image checks waiting for a decode slot",
    registers: [registry],
  }),
  /**
   * Multipart uploads the dashboard sent because its direct PUT to the bucket failed at the network
   * level (usually the bucket's CORS rules): each one is an upload that S3 direct mode missed.
   */
  directUploadFallbacks: new Counter({
    name: "vt_direct_upload_fallbacks_total",
    help: "Multipart uploads sent after a direct PUT to the bucket failed (bucket CORS)",
    registers: [registry],
  }),
  /** Background job runs by queue and outcome (completed, failed). */
  jobRuns: new Counter({
    name: "vt_job_runs_total",
    help: "Background job runs by queue and outcome (completed or failed)",
    labelNames: ["queue", "outcome"] as const,
    registers: [registry],
  }),
  /** 1 when the database answered `select 1` at the last scrape, 0 when it did not (within 2 s). */
  databaseUp: new Gauge({
    name: "vt_database_up",
    help: "1 when the database answered at this scrape, 0 when it did not (unreachable or too slow)",
    registers: [registry],
  }),
  /** Jobs per queue whose start time has come and that no worker has taken yet. */
  jobBacklog: new Gauge({
    name: "vt_job_backlog",
    help: "Jobs per queue ready to run that no worker has taken yet (queued or retrying, start time passed)",
    labelNames: ["queue"] as const,
    registers: [registry],
  }),
  /** Seconds the oldest ready job of each queue has waited (0 when none waits). */
  jobBacklogOldestSeconds: new Gauge({
    name: "vt_job_backlog_oldest_seconds",
    help: "Seconds the oldest ready job of each queue has waited since its start time (0 when none waits)",
    labelNames: ["queue"] as const,
    registers: [registry],
  }),
  /** Jobs per queue waiting for a later start time (a retry's back-off, a scheduled send). */
  jobDeferred: new Gauge({
    name: "vt_job_deferred",
    help: "Jobs per queue waiting for a later start time (retry back-off, scheduled)",
    labelNames: ["queue"] as const,
    registers: [registry],
  }),
  jobActive: new Gauge({
    name: "vt_job_active",
    help: "Jobs per queue running now on some instance",
    labelNames: ["queue"] as const,
    registers: [registry],
  }),
  /** Jobs per queue that failed for good (retries used up), kept 7 days like every finished run. */
  jobFailed: new Gauge({
    name: "vt_job_failed",
    help: "Jobs per queue failed for good (retries used up) in the last 7 days, all instances",
    labelNames: ["queue"] as const,
    registers: [registry],
  }),
  dbPoolTotal: poolGauge("vt_db_pool_connections", "PostgreSQL pool: open connections", (p) => p.totalCount),
  dbPoolIdle: poolGauge(
    "vt_db_pool_idle_connections",
    "PostgreSQL pool: idle connections",
    (p) => p.idleCount,
  ),
  dbPoolWaiting: poolGauge(
    "vt_db_pool_waiting_requests",
    "PostgreSQL pool: queries waiting for a free connection (sustained > 0 means the pool is too small)",
    (p) => p.waitingCount,
  ),
};

/** vt_build_info{version, node, commit} 1: what this instance runs (commit "unknown" outside a git checkout). */
const buildInfo = new Gauge({
  name: "vt_build_info",
  help: "Always 1; labels: app version, Node.js version and git commit this instance runs",
  labelNames: ["version", "node", "commit"] as const,
  registers: [registry],
});
buildInfo.set({ version: appVersion(), node: process.version, commit: appCommit() ?? "unknown" }, 1);

/** Records method, route template, status and latency of every request the app answers. */
export function registerHttpMetrics(app: FastifyInstance, pool: pg.Pool | undefined): void {
  if (pool) {
    pools.add(pool);
    app.addHook("onClose", async () => {
      pools.delete(pool);
    });
  }
  app.addHook("onResponse", async (request, reply) => {
    // routeOptions.url is the template (/api/comics/:comicId); unmatched URLs share one label so
    // a scan of random paths cannot blow up the number of series.
    const route = request.routeOptions.url ?? "(unmatched)";
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
