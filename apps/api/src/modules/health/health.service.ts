import { createHash, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client";
import type { JobEngine } from "../../jobs/engine";
import { type QueueStatus, queueBacklog, queueStatus } from "../../jobs/runs";
import { AppError } from "../../lib/app-error";
import { metrics } from "../../lib/metrics";
import type { Storage } from "../../storage/storage";
import { pingDatabase } from "./health.repo";

export interface Health {
  status: "ok";
  db: Database["kind"];
  storage: Storage["kind"];
  version: string;
  queue: "ok" | "off";
  jobs: QueueStatus["counts"];
}

export async function getHealth(deps: {
  database: Database;
  storage: Storage;
  jobs: JobEngine | null;
  version: string;
}): Promise<Health> {
  let ok = false;
  try {
    ok = await pingDatabase(deps.database.db);
  } catch (error) {
    throw new AppError("SERVICE_UNAVAILABLE", undefined, { cause: error });
  }
  if (!ok) throw new AppError("SERVICE_UNAVAILABLE");
  const { counts } = await queueStatus(deps.database.db);
  return {
    status: "ok",
    db: deps.database.kind,
    storage: deps.storage.kind,
    version: deps.version,
    queue: deps.jobs ? "ok" : "off",
    jobs: counts,
  };
}

/** A dependency the instance needs to serve traffic; resolves when usable, throws when not. */
export type ReadinessCheck = () => Promise<void>;

export interface Readiness {
  status: "ok" | "unavailable";
  checks: Record<string, "ok" | "failing">;
}

/** A probe that hangs (a stuck connection) counts as failing rather than hanging the probe too. */
const CHECK_TIMEOUT_MS = 3000;

function withTimeout<T>(check: () => Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("check timed out")), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Runs every check in parallel. Ready only when all pass; the body names each dependency's state
 * (never error details: they stay in the log through `onFailure`).
 */
export async function getReadiness(
  checks: Record<string, ReadinessCheck>,
  onFailure: (name: string, error: unknown) => void,
): Promise<Readiness> {
  const names = Object.keys(checks);
  const results = await Promise.allSettled(names.map((name) => withTimeout(checks[name]!)));
  const states: Readiness["checks"] = {};
  results.forEach((result, i) => {
    const name = names[i]!;
    states[name] = result.status === "fulfilled" ? "ok" : "failing";
    if (result.status === "rejected") onFailure(name, result.reason);
  });
  const ok = Object.values(states).every((s) => s === "ok");
  return { status: ok ? "ok" : "unavailable", checks: states };
}

export function databaseCheck(database: Database): ReadinessCheck {
  return async () => {
    if (!(await pingDatabase(database.db))) throw new Error("database ping returned no row");
  };
}

/** Constant-time check of `Authorization: Bearer <token>` (no token configured: open). */
export function assertMetricsAccess(expected: string | undefined, authorization: string | undefined): void {
  if (!expected) return;
  const given = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim() ?? "";
  const digest = (s: string) => createHash("sha256").update(s).digest();
  if (!timingSafeEqual(digest(given), digest(expected))) throw new AppError("UNAUTHORIZED");
}

/** A scrape waits at most this long for the database (Prometheus' own scrape timeout is 10 s). */
const SCRAPE_DB_TIMEOUT_MS = 2000;

/**
 * Sets the database and job-queue gauges of /metrics from this instance's database, just before a
 * scrape: `vt_database_up`, and per queue `vt_job_backlog`, `vt_job_backlog_oldest_seconds`,
 * `vt_job_deferred`, `vt_job_active`, `vt_job_failed`. The queue figures are the shared queue's
 * (every instance reports the same numbers). When the database does not answer, `vt_database_up`
 * is 0 and the queue series are left out rather than repeating stale numbers.
 */
export async function refreshOperationalMetrics(database: Database): Promise<void> {
  const queueGauges = [
    metrics.jobBacklog,
    metrics.jobBacklogOldestSeconds,
    metrics.jobDeferred,
    metrics.jobActive,
    metrics.jobFailed,
  ];
  let queues: Awaited<ReturnType<typeof queueBacklog>>;
  try {
    if (!(await withTimeout(() => pingDatabase(database.db), SCRAPE_DB_TIMEOUT_MS)))
      throw new Error("no row");
    queues = await withTimeout(() => queueBacklog(database.db), SCRAPE_DB_TIMEOUT_MS);
  } catch {
    metrics.databaseUp.set(0);
    for (const gauge of queueGauges) gauge.reset();
    return;
  }
  metrics.databaseUp.set(1);
  for (const gauge of queueGauges) gauge.reset();
  for (const q of queues) {
    metrics.jobBacklog.set({ queue: q.queue }, q.ready);
    metrics.jobBacklogOldestSeconds.set({ queue: q.queue }, q.oldestReadySeconds);
    metrics.jobDeferred.set({ queue: q.queue }, q.deferred);
    metrics.jobActive.set({ queue: q.queue }, q.active);
    metrics.jobFailed.set({ queue: q.queue }, q.failed);
  }
}
