/**
 * Opens the database: PGlite (embedded Postgres) in a data directory by default, PostgreSQL when
 * DATABASE_URL is set. Both give the same Drizzle `Db` type, so repos never care which one runs.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquirePgliteLock } from "./pglite-lock";
import { PlannedPglite, plannedPool, readTypesAsText } from "./planned";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Raw `db.execute()` results: both drivers (pg and PGlite) return `{ rows }`. */
export interface QueryResult<Row> {
  rows: Row[];
}
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryResult<this["row"]>;
}
/** The Drizzle database every repo receives (driver-agnostic). */
export type Db = PgDatabase<QueryResultHKT, Schema>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DbKind;
  /** Close connections and, for PGlite, release the data-directory lock. Idempotent. */
  close(): Promise<void>;
  /** The underlying PGlite instance (pglite only), e.g. for the test helper's clone(). */
  pglite?: PGlite;
  /** The underlying pg pool (postgres only). */
  pool?: pg.Pool;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../drizzle", import.meta.url));

/**
 * PostgreSQL advisory-lock ids of the start-up steps that must not run on two instances at once.
 * Arbitrary constants shared by every instance ("vtmig", "vtjob" in ASCII).
 */
export const STARTUP_LOCKS = { migrations: 0x76746d69677, jobs: 0x76746a6f62 } as const;

export const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

export interface DatabaseOptions {
  /** PostgreSQL URL; when unset PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `undefined` or "memory://" for an in-memory database (tests). */
  pgliteDir?: string | undefined;
  /** Max connections of the PostgreSQL pool (default 10). */
  poolSize?: number;
}

export async function createDatabase(config: DatabaseOptions): Promise<Database> {
  if (config.databaseUrl) {
    // A connection that cannot be had within 30 s fails (the server does not answer) rather than
    // leaving the request waiting for the system's TCP timeout: it then answers 503 (db/outage.ts).
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.poolSize ?? 10,
      connectionTimeoutMillis: 30_000,
    });
    // An idle client losing its connection must not crash the process.
    pool.on("error", () => {});
    await pool.query("select 1");
    // Statements drizzle runs again and again are prepared once per connection (./planned.ts).
    const db = drizzleNodePg(plannedPool(pool), { schema, casing: "snake_case" }) as unknown as Db;
    return { db, kind: "postgres", pool, close: once(() => pool.end()) };
  }
  const dir = config.pgliteDir && config.pgliteDir !== "memory://" ? config.pgliteDir : undefined;
  const lock = dir ? acquirePgliteLock(dir) : undefined;
  try {
    if (dir) mkdirSync(dirname(dir), { recursive: true });
    const pglite = await PGlite.create(dir ?? "memory://", { extensions: PGLITE_EXTENSIONS });
    return wrapPglite(pglite, lock?.release);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Wrap an already open PGlite instance (used by the test helper after clone()). */
export function wrapPglite(pglite: PGlite, onClose?: () => void): Database {
  // Drizzle runs on PGlite through PlannedPglite: statements run again and again are prepared once,
  // and the types drizzle reads as text are parsed as text by the instance (./planned.ts).
  readTypesAsText(pglite);
  const db = drizzlePglite({
    client: new PlannedPglite(pglite) as unknown as PGlite,
    schema,
    casing: "snake_case",
  }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite,
    close: once(async () => {
      try {
        await pglite.close();
      } finally {
        onClose?.();
      }
    }),
  };
}

/**
 * Apply every migration in apps/api/drizzle (the same folder for both drivers) and answer the names
 * of those this call applied, oldest first (none when the schema was up to date), so the server can
 * log them. Another folder is only given by the upgrade test (the migrations of an earlier release).
 */
export async function runMigrations(
  database: Database,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<string[]> {
  const options = { migrationsFolder };
  if (database.kind === "pglite") {
    const pglite = database.pglite!;
    const before = await lastMigrationAt((text) => pglite.query(text));
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], options);
    return appliedSince(migrationsFolder, before, (text, values) => pglite.query(text, values));
  }
  // Several API instances may start at once on one PostgreSQL: their migrations run one at a time.
  return withStartupLock(database, "migrations", async (client) => {
    const before = await lastMigrationAt((text) => client!.query(text));
    await migrateNodePg(drizzleNodePg(client!), options);
    return appliedSince(migrationsFolder, before, (text, values) => client!.query(text, values));
  });
}

type RawQuery = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** `created_at` of the newest migration drizzle recorded (its journal's `when`), 0 on a new database. */
async function lastMigrationAt(query: RawQuery): Promise<number> {
  const { rows } = await query(
    "select case when to_regclass('drizzle.__drizzle_migrations') is null then null else 1 end as present",
  );
  if ((rows[0] as { present: number | null }).present === null) return 0;
  const last = await query("select max(created_at)::text as last from drizzle.__drizzle_migrations");
  return Number((last.rows[0] as { last: string | null }).last ?? 0);
}

/** Names (journal tags) of the migrations recorded after `before`, oldest first. */
async function appliedSince(folder: string, before: number, query: RawQuery): Promise<string[]> {
  const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number; tag: string }[];
  };
  const { rows } = await query(
    "select created_at::text as at from drizzle.__drizzle_migrations where created_at > $1 order by created_at",
    [before],
  );
  return (rows as { at: string }[]).map(({ at }) => {
    const when = Number(at);
    return journal.entries.find((e) => e.when === when)?.tag ?? String(when);
  });
}

/**
 * Runs `fn` while holding the PostgreSQL session-level advisory lock `lock` on one dedicated
 * connection (given to `fn`), so a start-up step (migrations, creating the job queue's schema)
 * runs on one instance at a time when several start together on one database; the others wait,
 * then find nothing left to do. PGlite is one process by construction: `fn` runs directly.
 */
export async function withStartupLock<T>(
  database: Database,
  lock: keyof typeof STARTUP_LOCKS,
  fn: (client?: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (database.kind === "pglite") return fn();
  const client = await database.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCKS[lock]]);
    try {
      return await fn(client);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCKS[lock]]);
    }
  } finally {
    client.release();
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let promise: Promise<void> | undefined;
  return () => {
    promise ??= fn();
    return promise;
  };
}
