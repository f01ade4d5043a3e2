/**
 * Statements planned once per database, for the few that every request runs (issue 13).
 *
 * On PostgreSQL, drizzle's `.prepare(name)` sends a named statement: each pooled connection parses
 * and plans it once. PGlite's `query()` has no named statements: it parses and plans on every call.
 * The session query (user + live teams) took 1.55 ms there, of which planning was 1.4 ms, on every
 * signed-in request. So the PGlite client handed to drizzle (PlannedPglite) runs a statement
 * registered with `prepareOnce` as SQL `PREPARE` once on the instance, then `EXECUTE name(...)`
 * with its arguments as quoted literals (0.64 ms). Every other statement goes to PGlite unchanged.
 */
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import pg from "pg";

/** A PostgreSQL error code meaning the prepared statement is gone or no longer fits (re-prepare). */
const STALE = new Set(["26000", "0A000"]);

/** The PGlite client drizzle runs on: PGlite itself, with the registered statements prepared once. */
export class PlannedPglite {
  /** Statement text -> its name, as registered. */
  private readonly names = new Map<string, string>();
  /** Statement name -> its PREPARE, once sent. */
  private readonly prepared = new Map<string, Promise<unknown>>();

  constructor(readonly pglite: PGlite) {}

  /** Runs `text` prepared under `name` from now on (idempotent). */
  register(name: string, text: string): void {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
    this.names.set(text, name);
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const name = this.names.get(text);
    const args = name === undefined ? undefined : literals(params ?? []);
    if (name === undefined || args === undefined) return this.pglite.query<T>(text, params, options);
    const execute = `execute ${name}(${args.join(", ")})`;
    try {
      await this.prepare(name, text);
      return await this.pglite.query<T>(execute, [], options);
    } catch (error) {
      if (!STALE.has((error as { code?: string }).code ?? "")) throw error;
      // Deallocated or invalidated by a schema change: plan it again, once.
      this.prepared.delete(name);
      await this.pglite.exec(`deallocate ${name}`).catch(() => {});
      await this.prepare(name, text);
      return this.pglite.query<T>(execute, [], options);
    }
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pglite.transaction(fn);
  }

  private prepare(name: string, text: string): Promise<unknown> {
    let done = this.prepared.get(name);
    if (!done) {
      done = this.pglite.exec(`prepare ${name} as ${text}`);
      this.prepared.set(name, done);
      done.catch(() => this.prepared.delete(name));
    }
    return done;
  }
}

/**
 * The arguments as SQL literals (pg's escaping), or undefined when one is not a plain scalar (an
 * array, an object, bytes): such a call runs unprepared.
 */
function literals(params: readonly unknown[]): string[] | undefined {
  const out: string[] = [];
  for (const value of params) {
    if (value === null || value === undefined) out.push("null");
    else if (typeof value === "string") out.push(pg.escapeLiteral(value));
    else if (typeof value === "number" && Number.isFinite(value)) out.push(String(value));
    else if (typeof value === "boolean") out.push(String(value));
    else if (value instanceof Date && !Number.isNaN(value.getTime())) out.push(`'${value.toISOString()}'`);
    else return undefined;
  }
  return out;
}

/**
 * `builder.prepare(name)`, planned once per database on PGlite too (see above). For statements of a
 * fixed shape that many requests run; the name must be unique in the app.
 */
export function prepareOnce<Q extends { getQuery(): { sql: string } }>(
  /** The app's `Db` (./client.ts). */
  db: object,
  name: string,
  builder: { prepare(name: string): Q },
): Q {
  const query = builder.prepare(name);
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PlannedPglite) client.register(name, query.getQuery().sql);
  return query;
}
