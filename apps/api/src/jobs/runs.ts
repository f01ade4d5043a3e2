/**
 * Reading the job engine's own tables: recent runs (`npm run admin -- jobs`) and counts by state
 * (`/api/health`). Plain SQL on the application's connection, so it works without a started
 * engine (the CLI) and before pg-boss has created its schema (then: nothing yet).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** pg-boss's schema; the engine creates it on first start. */
export const JOBS_SCHEMA = "pgboss";

export const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobRun {
  id: string;
  name: string;
  state: JobState;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  retryCount: number;
  /** The failure message of a failed (or retrying) run, null otherwise. */
  error: string | null;
}

export interface QueueStatus {
  /** Jobs by state across every queue as stored now (finished runs are kept 7 days). */
  counts: Record<JobState, number>;
}

async function installed(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ t: string | null }>(sql`select to_regclass('pgboss.job')::text as t`);
  return rows[0]?.t != null;
}

interface RawRun extends Record<string, unknown> {
  id: string;
  name: string;
  state: JobState;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  retry_count: number;
  output: unknown;
}

const toDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

export function errorOf(state: JobState, output: unknown): string | null {
  if (state !== "failed" && state !== "retry") return null;
  if (output && typeof output === "object" && "message" in output) return String(output.message);
  return output == null ? null : JSON.stringify(output);
}

/** Latest runs of every queue, newest first (pg-boss's internal `__` queues left out). */
export async function recentJobRuns(db: Db, limit = 20): Promise<JobRun[]> {
  if (!(await installed(db))) return [];
  const { rows } = await db.execute<RawRun>(sql`
    select id, name, state, created_on, started_on, completed_on, retry_count, output
      from pgboss.job
     where name not like '\\_\\_%'
     order by coalesce(started_on, created_on) desc, created_on desc
     limit ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    state: row.state,
    createdOn: new Date(row.created_on),
    startedOn: toDate(row.started_on),
    completedOn: toDate(row.completed_on),
    retryCount: Number(row.retry_count),
    error: errorOf(row.state, row.output),
  }));
}

export async function queueStatus(db: Db): Promise<QueueStatus> {
  const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
  if (!(await installed(db))) return { counts };
  const { rows } = await db.execute<{ state: JobState; n: number }>(
    sql`select state::text as state, count(*)::int as n from pgboss.job group by state`,
  );
  for (const row of rows) counts[row.state] = Number(row.n);
  return { counts };
}

/** What waits, runs and failed in one queue, as stored now (`/metrics`). */
export interface QueueBacklog {
  queue: string;
  /** Queued or retrying jobs whose start time has come: work no worker has taken yet. */
  ready: number;
  /** Queued or retrying jobs whose start time is later (a retry's back-off, a scheduled send). */
  deferred: number;
  active: number;
  /** Failed for good (retries used up), kept as long as finished runs are (7 days). */
  failed: number;
  /** Seconds the oldest ready job has waited since its start time (0 when none waits). */
  oldestReadySeconds: number;
}

/** One row per queue of the job engine (internal `__` queues left out), none before it was installed. */
export async function queueBacklog(db: Db): Promise<QueueBacklog[]> {
  if (!(await installed(db))) return [];
  const { rows } = await db.execute<Record<keyof QueueBacklog, string | number>>(sql`
    select q.name as queue,
           count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now())::int as ready,
           count(j.id) filter (where j.state in ('created', 'retry') and j.start_after > now())::int as deferred,
           count(j.id) filter (where j.state = 'active')::int as active,
           count(j.id) filter (where j.state = 'failed')::int as failed,
           coalesce(extract(epoch from now() - min(j.start_after)
             filter (where j.state in ('created', 'retry') and j.start_after <= now())), 0)::float8
             as "oldestReadySeconds"
      from pgboss.queue q
      left join pgboss.job j on j.name = q.name
     where q.name not like '\\_\\_%'
     group by q.name
     order by q.name`);
  return rows.map((row) => ({
    queue: String(row.queue),
    ready: Number(row.ready),
    deferred: Number(row.deferred),
    active: Number(row.active),
    failed: Number(row.failed),
    oldestReadySeconds: Number(row.oldestReadySeconds),
  }));
}

/**
 * Whether a run of queue `name` is active now, whether one is queued and not started yet, and its
 * latest finished run (none before the engine is installed).
 */
export async function queueRunState(
  db: Db,
  name: string,
): Promise<{
  running: boolean;
  waiting: boolean;
  lastFinished: { state: JobState; completedOn: Date | null } | null;
}> {
  if (!(await installed(db))) return { running: false, waiting: false, lastFinished: null };
  const { rows } = await db.execute<{
    state: JobState;
    completed_on: Date | string | null;
    running: boolean;
    waiting: boolean;
  }>(sql`
    select j.state::text as state, j.completed_on,
           exists (select 1 from pgboss.job a where a.name = ${name} and a.state = 'active') as running,
           exists (select 1 from pgboss.job w where w.name = ${name} and w.state in ('created', 'retry')
                     and w.start_after <= now()) as waiting
      from (select 1) one
      left join lateral (
        select state, completed_on from pgboss.job
         where name = ${name} and state in ('completed', 'failed', 'cancelled')
         order by completed_on desc nulls last limit 1) j on true`);
  const row = rows[0];
  return {
    running: Boolean(row?.running),
    waiting: Boolean(row?.waiting),
    lastFinished: row?.state ? { state: row.state, completedOn: toDate(row.completed_on) } : null,
  };
}
