import { createHash, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client";
import type { JobEngine } from "../../jobs/engine";
import { type QueueStatus, queueStatus } from "../../jobs/runs";
import { AppError } from "../../lib/app-error";
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

function withTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("readiness check timed out")), CHECK_TIMEOUT_MS);
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
