/**
 * A database outage as one instance sees it. Every part that talks to the database (requests, the
 * job engine, the readiness probe) hands a failed call's error to `absorb`: when the error means the
 * server is unreachable, the monitor notes it and the caller logs nothing more. The first such
 * error of an outage logs ONE warning; the monitor then pings the database every `retryMs` and,
 * once a ping succeeds, logs ONE line that it is back (how long, how many failures were absorbed).
 * Requests answer 503 with Retry-After meanwhile (app.ts), never 500.
 */
import type { FastifyBaseLogger } from "fastify";
import { isDatabaseUnavailable } from "./errors";

/** Seconds a client is told to wait (Retry-After) while the database is unreachable. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export interface OutageMonitor {
  /** true (and noted) when `error` means the database is unreachable; the caller then logs nothing. */
  absorb(error: unknown, source: string): boolean;
  /** Whether an outage is under way (from its first absorbed error until a ping succeeds). */
  readonly down: boolean;
  /** Failures absorbed by source since the process started (`request`, `jobs`, `ready`...). */
  readonly absorbed: Readonly<Record<string, number>>;
  /** Stops pinging (the app is closing). */
  stop(): void;
}

export interface OutageMonitorOptions {
  log: FastifyBaseLogger;
  /** Resolves when the database answers. */
  ping: () => Promise<unknown>;
  retryMs?: number;
}

/** The reason without a stack or SQL: the driver's code and message. */
function reasonOf(error: unknown): { code?: string; message?: string } {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" || (typeof message === "string" && !message.startsWith("Failed query"))) {
      return {
        ...(typeof code === "string" ? { code } : {}),
        ...(typeof message === "string" ? { message: message.split("\n")[0] } : {}),
      };
    }
  }
  return {};
}

export function createOutageMonitor({ log, ping, retryMs = 1000 }: OutageMonitorOptions): OutageMonitor {
  let since: number | null = null;
  let during = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const absorbed: Record<string, number> = {};

  const probe = () => {
    timer = setTimeout(() => {
      ping().then(
        () => {
          if (stopped || since === null) return;
          log.info(
            { downForSeconds: Math.round((Date.now() - since) / 1000), failedCalls: during },
            "database reachable again",
          );
          since = null;
          during = 0;
        },
        () => {
          if (!stopped) probe();
        },
      );
    }, retryMs);
    timer.unref();
  };

  return {
    absorb(error, source) {
      if (!isDatabaseUnavailable(error)) return false;
      absorbed[source] = (absorbed[source] ?? 0) + 1;
      during += 1;
      if (since === null && !stopped) {
        since = Date.now();
        log.warn(
          { reason: reasonOf(error), source },
          "database unreachable: calls that need it answer 503 until it is back",
        );
        probe();
      }
      return true;
    },
    get down() {
      return since !== null;
    },
    absorbed,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
