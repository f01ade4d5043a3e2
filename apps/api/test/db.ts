/**
 * A fresh, migrated database per call, for tests.
 * - default: in-memory PGlite loaded from the migrated dump made once per run by
 *   ./global-setup.ts (or, outside that setup, migrated here once per file and clone()d).
 * - TEST_DATABASE_URL set (e.g. postgres://postgres@127.0.0.1:5432/test): a uniquely named
 *   database is created on that server, migrated, and dropped on close().
 *
 * Usage: `const database = await createTestDatabase(); ... afterAll(() => database.close());`
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import {
  createDatabase,
  type Database,
  PGLITE_EXTENSIONS,
  runMigrations,
  wrapPglite,
} from "../src/db/client";

let template: Promise<PGlite> | undefined;
let dump: Blob | undefined;

async function fromDump(file: string): Promise<PGlite> {
  dump ??= new Blob([readFileSync(file)]);
  return PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
}

async function pgliteTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const database = await createDatabase({});
    await runMigrations(database);
    return database.pglite!;
  })();
  return template;
}

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export interface TestDatabaseOptions {
  /** false: an empty database with no migration applied (the upgrade test migrates it itself). */
  migrate?: boolean;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const migrate = options.migrate ?? true;
  const serverUrl = testDatabaseUrl();
  if (!serverUrl && !migrate) return createDatabase({});
  if (!serverUrl) {
    const file = inject("pgliteTemplate");
    if (file) return wrapPglite(await fromDump(file));
    const clone = (await (await pgliteTemplate()).clone()) as PGlite;
    return wrapPglite(clone);
  }

  const made = await createPostgresDatabase(serverUrl);
  const database = await createDatabase({ databaseUrl: made.url, poolSize: 4 });
  if (migrate) await runMigrations(database);
  let closed: Promise<void> | undefined;
  return {
    ...database,
    close: () => {
      closed ??= (async () => {
        await database.close();
        await made.drop();
      })();
      return closed;
    },
  };
}

/** A new, empty, uniquely named database on the PostgreSQL server of `serverUrl`; `drop()` removes it. */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `vt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = adminUrl(serverUrl);
  await withClient(admin, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

/** Maintenance database of the same server: the URL's own database may not exist. */
function adminUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = "/postgres";
  return url.toString();
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
