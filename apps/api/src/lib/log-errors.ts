/**
 * How errors are written to the log (the logger's `err` serializer, and better-auth's details):
 * type, message, code, stack and cause, never a query's parameters or the row values PostgreSQL
 * puts in `detail` (user data). drizzle's DrizzleQueryError carries the SQL and its parameters in
 * its message and properties (PGlite's errors in properties): only the SQL text (placeholders) and
 * the cause's message are logged.
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  query?: string;
  stack: string;
  cause?: LoggedError;
}

const QUERY_MAX = 500;

export function serializeError(error: unknown): LoggedError {
  return serializeAt(error, 0);
}

function serializeAt(error: unknown, depth: number): LoggedError {
  if (!error || typeof error !== "object") return { type: typeof error, message: String(error), stack: "" };
  const e = error as Error & { code?: unknown; query?: unknown; params?: unknown; cause?: unknown };
  const type =
    e.constructor?.name && e.constructor.name !== "Object" ? e.constructor.name : (e.name ?? "Error");
  const raw = typeof e.message === "string" ? e.message : String(e);
  // drizzle's message is the SQL followed by the parameters; PGlite's errors keep both as properties.
  const message = raw.startsWith("Failed query:") ? "Failed query (parameters not logged)" : raw;
  // The stack's first line repeats the message: with a query error, that is the SQL and its parameters.
  const frames =
    typeof e.stack === "string" ? e.stack.split("\n").filter((line) => /^\s+at /.test(line)) : [];
  const out: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join("\n") };
  if (typeof e.code === "string") out.code = e.code;
  if (typeof e.query === "string") out.query = e.query.slice(0, QUERY_MAX);
  if (e.cause !== undefined && depth < 5) out.cause = serializeAt(e.cause, depth + 1);
  return out;
}

/** Any value logged as details: errors serialized as above, the rest as is. */
export function safeDetails(value: unknown): unknown {
  if (value instanceof Error) return serializeError(value);
  if (Array.isArray(value)) return value.map(safeDetails);
  return value;
}
