import type { FastifyInstance } from "fastify";
import type { Database } from "./db/client";

export interface ShutdownOptions {
  app: FastifyInstance;
  database: Database;
  /** After this long, stop waiting for in-flight requests (default 25 s). */
  timeoutMs?: number;
}

/**
 * Stop accepting connections, let in-flight requests finish (Fastify's close waits for them and
 * answers new requests on kept-alive sockets with 503), then close the database, which for PGlite
 * also releases the data-directory lock. Resolves to false when the timeout forced the end.
 */
export async function shutdown({ app, database, timeoutMs = 25_000 }: ShutdownOptions): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  let clean: boolean;
  try {
    clean = await Promise.race([app.close().then(() => true as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
  await database.close();
  return clean;
}
