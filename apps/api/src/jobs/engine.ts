/**
 * The job engine: pg-boss on the application's database (see docs/jobs.md for the choice).
 *
 * - PGlite: pg-boss shares the embedded instance through its `fromPglite` adapter. It never opens
 *   a transaction of its own on the shared handle except as one multi-statement `exec`, which PGlite
 *   runs as a unit, so application transactions (`pglite.transaction()`) and queue statements
 *   simply take turns on the single connection.
 * - PostgreSQL: pg-boss sends its statements through the application's pool. Every instance runs workers;
 *   a job is claimed with `FOR UPDATE SKIP LOCKED`, so it runs once however many instances poll,
 *   and a cron schedule registered by every instance still produces one job per tick.
 *
 * Jobs are declared with `defineJob` in `*.job.ts` files and listed in ./registry.ts; handlers
 * receive a `JobContext` (database, storage, config, logger).
 */
import type { FastifyBaseLogger } from "fastify";
import { fromPglite, PgBoss, type SendOptions } from "pg-boss";
import type { Config } from "../config";
import { type Database, type Db, withStartupLock } from "../db/client";
import type { OutageMonitor } from "../db/outage";
import { withUsualTypes } from "../db/planned";
import { metrics } from "../lib/metrics";
import type { Storage } from "../storage/storage";
import { errorOf, JOBS_SCHEMA, type JobRun, type QueueStatus, queueStatus, recentJobRuns } from "./runs";

/** What a job handler may use. */
export interface JobContext {
  db: Db;
  database: Database;
  storage: Storage;
  config: Config;
  log: FastifyBaseLogger;
}

export interface JobDefinition<Data extends object = Record<string, never>, Result = unknown> {
  /** Queue name, `<area>.<verb>` (e.g. `storage.sweep`). */
  name: string;
  /** Cron expression (UTC, minute resolution) when the job runs on a schedule. */
  cron?: string;
  /** Attempts after the first failure (default 2). */
  retryLimit?: number;
  /** A run still active after this many seconds is failed and retried (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * A running handler refreshes its run every half of this; a run not refreshed for this long (its
   * process was killed) is failed and retried (default JOB_HEARTBEAT_SECONDS).
   */
  heartbeatSeconds?: number;
  /** Runs of this queue one instance works on at once (default 1). */
  concurrency?: number;
  run(data: Data, ctx: JobContext): Promise<Result>;
}

/** Declare a job; the generics keep `send(def, data)` typed. */
export function defineJob<Data extends object = Record<string, never>, Result = unknown>(
  definition: JobDefinition<Data, Result>,
): JobDefinition<Data, Result> {
  return definition;
}

/** Default `heartbeatSeconds` of a queue (pg-boss's minimum is 10). */
export const JOB_HEARTBEAT_SECONDS = 30;
/** First retry of a failed run after this many seconds; later ones back off exponentially. */
export const JOB_RETRY_DELAY_SECONDS = 30;
/** How often pg-boss's supervisor (one instance at a time) fails runs that lost their heartbeat. */
export const JOB_SUPERVISE_SECONDS = 60;
/** A worker's poll for runs when no NOTIFY woke it. */
export const JOB_POLL_SECONDS = 2;

/**
 * Longest time, in seconds, from a kill -9 of the process running a job to another worker taking
 * it up again (docs/jobs.md, "Crashes"): the run's last refresh is at most half a heartbeat old, it
 * counts as lost a heartbeat later, the next supervisor pass fails it, its first retry waits at
 * most twice the retry delay (backoff with jitter), then a worker's poll.
 */
export function crashResumeBoundSeconds(heartbeatSeconds = JOB_HEARTBEAT_SECONDS): number {
  return heartbeatSeconds + JOB_SUPERVISE_SECONDS + 2 * JOB_RETRY_DELAY_SECONDS + JOB_POLL_SECONDS;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of any data type.
export type AnyJobDefinition = JobDefinition<any, any>;

export interface JobEngine {
  /** Queue a job of a registered definition; resolves to the job id (null when deduplicated). */
  send<Data extends object>(
    job: JobDefinition<Data>,
    data: Data,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Run `job` on `cron` (UTC). Every instance may call this: one job per tick is created. */
  schedule<Data extends object>(job: JobDefinition<Data>, cron: string, data?: Data): Promise<void>;
  /** Start a worker for a definition (the registry's jobs are worked by `startJobEngine`). */
  work(job: AnyJobDefinition): Promise<void>;
  /** Resolves when the job with this id has finished (completed, failed or cancelled). */
  waitFor(job: AnyJobDefinition, id: string, options?: { timeoutMs?: number }): Promise<JobRun>;
  /** Latest runs, newest first. */
  recentRuns(limit?: number): Promise<JobRun[]>;
  status(): Promise<QueueStatus>;
  /** Stop fetching, let running handlers finish (up to `timeoutMs`), release the connection. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

export interface StartJobEngineOptions {
  database: Database;
  context: JobContext;
  jobs: readonly AnyJobDefinition[];
  /** Register the definitions' cron schedules (default true). */
  schedule?: boolean;
  /** Start workers for the definitions (default true). Off: the instance only sends. */
  work?: boolean;
  /**
   * The instance's outage monitor: while the database is unreachable, the engine's errors (every
   * poll fails) are absorbed into its one warning instead of a line each.
   */
  outage?: OutageMonitor;
}

function createBoss(database: Database): PgBoss {
  if (database.kind === "pglite") {
    return new PgBoss({
      schema: JOBS_SCHEMA,
      // The instance parses some types as text for drizzle (db/planned.ts); pg-boss reads them as PGlite usually does.
      db: fromPglite(withUsualTypes(database.pglite!)),
      backend: "pglite",
      useListenNotify: true,
      superviseIntervalSeconds: JOB_SUPERVISE_SECONDS,
    });
  }
  // The application's pool: a parameterless multi-statement script (pg-boss's BEGIN ... COMMIT
  // blocks) is sent as one simple-protocol query, so it stays on one connection.
  const pool = database.pool!;
  return new PgBoss({
    schema: JOBS_SCHEMA,
    db: { executeSql: (text, values) => (values?.length ? pool.query(text, values) : pool.query(text)) },
    superviseIntervalSeconds: JOB_SUPERVISE_SECONDS,
  });
}

export async function startJobEngine(options: StartJobEngineOptions): Promise<JobEngine> {
  const { database, context } = options;
  const boss = createBoss(database);
  const absorbed = (error: unknown) => options.outage?.absorb(error, "jobs") ?? false;
  boss.on("error", (error) => {
    if (!absorbed(error)) context.log.error({ err: error }, "job engine error");
  });
  // A slow-query warning carries the statement's parameter values (job data): logged without them.
  boss.on("warning", ({ message, data }) => {
    const { values: _values, ...rest } = (data ?? {}) as Record<string, unknown>;
    context.log.warn({ warning: { message, data: rest } }, "job engine warning");
  });
  // Installing or migrating pg-boss's schema and creating the queues and schedules is not safe
  // when two instances do it at once on an empty database: one instance at a time, the same
  // advisory-lock helper the migrations use. Workers start after the lock is released.
  const known = new Set<string>();
  async function ensureQueue(job: AnyJobDefinition): Promise<void> {
    if (known.has(job.name)) return;
    const settings = {
      retryLimit: job.retryLimit ?? 2,
      retryDelay: JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 900,
      heartbeatSeconds: job.heartbeatSeconds ?? JOB_HEARTBEAT_SECONDS,
      notify: true,
    };
    await boss.createQueue(job.name, settings);
    // A queue an older version created keeps its settings otherwise (createQueue leaves it as is).
    await boss.updateQueue(job.name, settings);
    known.add(job.name);
  }

  const engine: JobEngine = {
    async send(job, data, sendOptions) {
      await ensureQueue(job);
      return sendOptions ? boss.send(job.name, data, sendOptions) : boss.send(job.name, data);
    },

    async schedule(job, cron, data) {
      await ensureQueue(job);
      await boss.schedule(job.name, cron, data ?? null, { tz: "UTC" });
    },

    async work(job) {
      await ensureQueue(job);
      // pg-boss wakes a worker on NOTIFY when a job is queued, and otherwise polls at
      // `notifyPollingIntervalSeconds` (30 s by default): a job queued while every worker of its
      // queue was busy would wait that long once they are free (thumbnails of a chapter's later
      // pages took a minute). The backstop poll is the normal 2 s.
      const options = {
        pollingIntervalSeconds: JOB_POLL_SECONDS,
        notifyPollingIntervalSeconds: JOB_POLL_SECONDS,
        localConcurrency: job.concurrency ?? 1,
      };
      await boss.work(job.name, options, async ([item]) => {
        if (!item) return;
        const log = context.log.child({ job: job.name, jobId: item.id });
        log.info("job started");
        try {
          const result = await job.run(item.data as object, { ...context, log });
          log.info({ result }, "job finished");
          metrics.jobRuns.inc({ queue: job.name, outcome: "completed" });
          return result;
        } catch (error) {
          if (!absorbed(error)) log.error({ err: error }, "job failed");
          metrics.jobRuns.inc({ queue: job.name, outcome: "failed" });
          throw error;
        }
      });
    },

    async waitFor(job, id, { timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
        const found = await boss.getJobById(job.name, id);
        if (
          found &&
          (found.state === "completed" || found.state === "failed" || found.state === "cancelled")
        ) {
          return toRun(found);
        }
        if (Date.now() > deadline) throw new Error(`job ${job.name} ${id} did not finish in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    },

    recentRuns: (limit) => recentJobRuns(database.db, limit),
    status: () => queueStatus(database.db),

    async stop({ timeoutMs = 20_000 } = {}) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };

  await withStartupLock(database, "jobs", async () => {
    await boss.start();
    for (const job of options.jobs) {
      await ensureQueue(job);
      if (options.schedule !== false && job.cron) await engine.schedule(job, job.cron);
    }
  });
  if (options.work !== false) for (const job of options.jobs) await engine.work(job);
  return engine;
}

function toRun(job: Omit<JobRun, "error"> & { output: unknown }): JobRun {
  const { id, name, state, createdOn, startedOn, completedOn, retryCount, output } = job;
  return {
    id,
    name,
    state,
    createdOn,
    startedOn: startedOn ?? null,
    completedOn: completedOn ?? null,
    retryCount,
    error: errorOf(state, output),
  };
}
