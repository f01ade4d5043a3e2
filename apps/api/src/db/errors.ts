/** Recognizing database errors by their PostgreSQL code (PGlite and node-postgres alike). */

/** A unique constraint refused the row (SQLSTATE 23505), also when wrapped as an error's `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Network errors of a connection to the database server. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** node-postgres' own messages when a connection cannot be made or is lost. */
const LOST_CONNECTION = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Cannot use a pool after calling end on the pool",
];

/**
 * The database server cannot be reached (refused, reset, timed out, shutting down, not accepting
 * connections): the request is not at fault and may be retried later. Looks through `cause`
 * (drizzle wraps driver errors) and AggregateError's `errors` (node's connect to several addresses).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (e: unknown): boolean => {
    if (!e || typeof e !== "object" || seen.has(e)) return false;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code)) return true;
      // SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash, cannot connect now).
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && LOST_CONNECTION.some((m) => message.startsWith(m))) return true;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some(visit)) return true;
    return visit((e as { cause?: unknown }).cause);
  };
  return visit(error);
}
