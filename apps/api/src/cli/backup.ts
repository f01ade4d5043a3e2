/**
 * `npm run admin -- backup <file>` and `npm run admin -- restore <file>`: one .tar.gz archive with
 *
 *   manifest.json       what is inside, which database kind, newest migration applied, app version
 *   db/pglite.tar.gz    the embedded database (PGlite's own data-directory dump), or
 *   db/postgres.dump    a `pg_dump --format=custom` of DATABASE_URL (needs pg_dump on PATH)
 *   files/...           the local file storage (STORAGE_DIR), when storage is local
 *   auth-secret         DATA_DIR/auth-secret when it is the secret in use (AUTH_SECRET unset)
 *                       (the identity provider's keys are encrypted with it)
 *
 * S3 objects are not copied (they can be terabytes): back the bucket up with the store's own
 * tools (versioning, replication or `aws s3 sync`), see docs/operations.md.
 *
 * PGlite is single-process, so both commands take the data directory's lock: while the server
 * runs on it they refuse (DatabaseLockedError). Restore never deletes files: the current files (and
 * the PGlite data directory) are moved aside to `<name>.before-restore-<time>` and the archive's
 * copies put in place.
 *
 * PostgreSQL restore replaces the schemas the backup holds (the application's `public`, drizzle's
 * `drizzle`, the job engine's `pgboss`) in ONE transaction: they are dropped with everything in
 * them and the dump's SQL (`pg_restore --file=-`) is run by psql after the drops. `pg_restore
 * --clean` cannot do this on a database the server has run on: it drops pg-boss's partitioned
 * tables' constraints one by one, which PostgreSQL refuses for a partition. A failure anywhere
 * rolls everything back. Before it starts, the plan (database, schemas with their tables and rows,
 * files) is reported through `onPlan`.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { create as createTar, extract as extractTar, replace as replaceTar } from "tar";
import type { Config } from "../config";
import { createDatabase, MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from "../db/client";
import { acquirePgliteLock } from "../db/pglite-lock";
import { JOBS_SCHEMA } from "../jobs/runs";
import { appVersion } from "../lib/repo-root";

export const BACKUP_FORMAT = "vuon-truyen-backup";

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  createdAt: string;
  appVersion: string;
  db: "pglite" | "postgres";
  /** `when` of the newest migration applied to the backed-up database (drizzle's created_at). */
  newestMigration: number | null;
  /** Whether files/ holds the local storage; false when storage is S3 (back the bucket up separately). */
  files: boolean;
  authSecret: boolean;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

type BackupConfig = Pick<
  Config,
  "databaseUrl" | "pgliteDir" | "storageDir" | "dataDir" | "s3" | "authSecret"
>;

export function hasPgDump(): boolean {
  return spawnSync("pg_dump", ["--version"], { stdio: "ignore" }).status === 0;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.error) throw new BackupError(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new BackupError(`${command} failed: ${result.stderr.trim()}`);
}

/** Drizzle records each applied migration's journal `when` as created_at. */
async function newestMigrationOf(
  query: (sql: string) => Promise<{ rows: unknown[] }>,
): Promise<number | null> {
  try {
    const { rows } = await query("select max(created_at)::text as newest from drizzle.__drizzle_migrations");
    const newest = (rows[0] as { newest: string | null } | undefined)?.newest;
    return newest ? Number(newest) : null;
  } catch {
    return null;
  }
}

function knownNewestMigration(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** DATA_DIR/auth-secret when it is the secret in use (AUTH_SECRET unset in the environment). */
function authSecretFile(config: BackupConfig): string | undefined {
  const file = join(config.dataDir, "auth-secret");
  return existsSync(file) && readFileSync(file, "utf8").trim() === config.authSecret ? file : undefined;
}

/** Writes the archive to `file`; returns its manifest. */
export async function backup(config: BackupConfig, file: string): Promise<BackupManifest> {
  const target = resolve(file);
  const work = mkdtempSync(join(dirname(target), ".vt-backup-"));
  try {
    mkdirSync(join(work, "db"));
    let newestMigration: number | null;
    let db: BackupManifest["db"];
    if (config.databaseUrl) {
      if (!hasPgDump()) {
        throw new BackupError(
          "pg_dump is not installed (Debian: apt-get install postgresql-client). " +
            "Back PostgreSQL up with the procedure in docs/operations.md instead.",
        );
      }
      db = "postgres";
      const database = await createDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
      try {
        newestMigration = await newestMigrationOf((sql) => database.pool!.query(sql));
      } finally {
        await database.close();
      }
      run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--file",
        join(work, "db/postgres.dump"),
        config.databaseUrl,
      ]);
    } else {
      db = "pglite";
      const database = await createDatabase({ pgliteDir: config.pgliteDir });
      try {
        newestMigration = await newestMigrationOf((sql) => database.pglite!.query(sql));
        const dump = await database.pglite!.dumpDataDir("gzip");
        writeFileSync(join(work, "db/pglite.tar.gz"), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await database.close();
      }
    }

    const entries = ["manifest.json", "db"];
    const files = !config.s3 && existsSync(config.storageDir);
    const secret = authSecretFile(config);
    if (secret) {
      writeFileSync(join(work, "auth-secret"), readFileSync(secret), { mode: 0o600 });
      entries.push("auth-secret");
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      db,
      newestMigration,
      files,
      authSecret: secret !== undefined,
    };
    writeFileSync(join(work, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

    // An uncompressed tar first, so the storage can be appended under files/ from its own folder,
    // then gzipped. Local storage's in-flight `.tmp-*` files are left out.
    const plain = `${target}.partial.tar`;
    const partial = `${target}.partial`;
    try {
      await createTar({ file: plain, cwd: work, portable: true }, entries);
      const top = files ? readdirSync(config.storageDir).filter((n) => !n.startsWith(".tmp-")) : [];
      if (top.length > 0) {
        await replaceTar(
          {
            file: plain,
            cwd: config.storageDir,
            prefix: "files",
            portable: true,
            filter: (path) => !basename(path).startsWith(".tmp-"),
          },
          top,
        );
      }
      await pipeline(createReadStream(plain), createGzip(), createWriteStream(partial));
    } finally {
      rmSync(plain, { force: true });
    }
    renameSync(partial, target);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(dir: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as BackupManifest;
  } catch {
    throw new BackupError("Not a Vườn Truyện backup: manifest.json is missing or unreadable.");
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion !== 1) {
    throw new BackupError("Not a Vườn Truyện backup (unknown format).");
  }
  return manifest;
}

function moveAside(path: string, stamp: string): string | undefined {
  if (!existsSync(path)) return undefined;
  const aside = `${path}.before-restore-${stamp}`;
  renameSync(path, aside);
  return aside;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the replaced files (and PGlite database) were moved (delete them once the restore is checked). */
  movedAside: string[];
}

export interface RestoreOptions {
  /** Told what will be replaced, before anything is. */
  onPlan?: (lines: string[]) => void;
}

/** The schemas a restore replaces besides those in the dump: the application's, drizzle's, pg-boss's. */
const APP_SCHEMAS = ["public", "drizzle", JOBS_SCHEMA];

/** Schemas the dump creates (`pg_restore --list`: `8; 2615 16388 SCHEMA - drizzle owner`). */
function dumpSchemas(dump: string): string[] {
  const result = spawnSync("pg_restore", ["--list", dump], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new BackupError(`pg_restore could not read the dump: ${result.stderr.trim()}`);
  return [...result.stdout.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((m) => m[1]!);
}

function majorOf(versionLine: string): number | null {
  const match = /\(PostgreSQL\) (\d+)/.exec(versionLine);
  return match ? Number(match[1]) : null;
}

interface PostgresTarget {
  /** Lines for the plan. */
  lines: string[];
  /** SQL run first in the restore's transaction: drop the schemas, make `public` again as it was. */
  prelude: string;
}

/** What a restore will replace on `databaseUrl`, and the SQL that clears it. */
async function postgresTarget(databaseUrl: string, dump: string): Promise<PostgresTarget> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: info } = await client.query<{ db: string; version: string; major: number }>(
      "select current_database() as db, current_setting('server_version') as version, " +
        "current_setting('server_version_num')::int / 10000 as major",
    );
    const { db, version, major } = info[0]!;
    const wanted = [...new Set([...APP_SCHEMAS, ...dumpSchemas(dump)])];
    const { rows: present } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname = any($1::text[]) order by nspname = 'public' desc, nspname",
      [wanted],
    );
    const url = new URL(databaseUrl);
    const lines = [
      `This will replace, in database "${db}" on ${url.hostname}:${url.port || 5432} (PostgreSQL ${version}), in one transaction:`,
    ];
    for (const { name } of present) {
      const { rows: tables } = await client.query<{ name: string }>(
        `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
           join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
            and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
        [name],
      );
      let count = 0;
      for (const table of tables) {
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table.name}`);
        count += Number(rows[0]!.n);
      }
      lines.push(`  schema ${name}: ${tables.length} tables, ${count} rows`);
    }
    const restoreVersion = spawnSync("pg_restore", ["--version"], { encoding: "utf8" }).stdout ?? "";
    const clientMajor = majorOf(restoreVersion);
    if (clientMajor !== null && clientMajor !== major) {
      lines.push(
        `  note: pg_restore is version ${clientMajor}, the server ${major}: install the client of the server's version if the restore fails.`,
      );
    }

    // `public` comes with the database: it is made again with its owner, grants and comment.
    const { rows: publicRows } = await client.query<{ owner: string; comment: string | null }>(
      "select pg_get_userbyid(nspowner) as owner, obj_description(oid, 'pg_namespace') as comment " +
        "from pg_namespace where nspname = 'public'",
    );
    const { rows: grants } = await client.query<{
      grantee: string | null;
      privilege: string;
      grantable: boolean;
    }>(
      `select case when a.grantee = 0 then null else pg_get_userbyid(a.grantee) end as grantee,
              a.privilege_type as privilege, a.is_grantable as grantable
         from pg_namespace n, aclexplode(n.nspacl) a
        where n.nspname = 'public' and a.grantee <> n.nspowner`,
    );
    const owner = publicRows[0]?.owner ?? null;
    const sql = [
      `DROP SCHEMA IF EXISTS ${wanted.map((n) => pg.escapeIdentifier(n)).join(", ")} CASCADE;`,
      `CREATE SCHEMA public${owner ? ` AUTHORIZATION ${pg.escapeIdentifier(owner)}` : ""};`,
      ...grants.map(
        (g) =>
          `GRANT ${g.privilege} ON SCHEMA public TO ${g.grantee === null ? "PUBLIC" : pg.escapeIdentifier(g.grantee)}` +
          `${g.grantable ? " WITH GRANT OPTION" : ""};`,
      ),
      ...(publicRows[0]?.comment
        ? [`COMMENT ON SCHEMA public IS ${pg.escapeLiteral(publicRows[0].comment)};`]
        : []),
      "",
    ];
    return { lines, prelude: sql.join("\n") };
  } finally {
    await client.end();
  }
}

/**
 * Runs the prelude then the dump's SQL through psql in one transaction. pg_restore's output is
 * passed on as it comes; psql's input is closed (so it commits) only once pg_restore has exited
 * cleanly, otherwise psql is killed and the transaction rolled back.
 */
async function runRestoreScript(databaseUrl: string, dump: string, prelude: string): Promise<void> {
  const psql = spawn(
    "psql",
    [
      "--no-psqlrc",
      "--quiet",
      "--single-transaction",
      "--set",
      "ON_ERROR_STOP=1",
      "--dbname",
      databaseUrl,
      "--file",
      "-",
    ],
    // Notices ("drop cascades to ...") are not errors: only warnings and errors are shown.
    {
      stdio: ["pipe", "ignore", "pipe"],
      env: { ...process.env, PGOPTIONS: "-c client_min_messages=warning" },
    },
  );
  const script = spawn("pg_restore", ["--no-owner", "--file=-", dump], { stdio: ["ignore", "pipe", "pipe"] });
  let psqlErr = "";
  let scriptErr = "";
  psql.stderr.on("data", (chunk: Buffer) => {
    if (psqlErr.length < 20_000) psqlErr += chunk.toString();
  });
  script.stderr.on("data", (chunk: Buffer) => {
    if (scriptErr.length < 20_000) scriptErr += chunk.toString();
  });
  // psql may stop reading (an error with ON_ERROR_STOP): its exit code tells, not EPIPE.
  psql.stdin.on("error", () => {});
  const psqlDone = new Promise<number | null>((resolveExit, reject) => {
    psql.on("error", reject);
    psql.on("close", (code) => resolveExit(code));
  });
  const scriptDone = new Promise<number | null>((resolveExit, reject) => {
    script.on("error", reject);
    script.on("close", (code) => resolveExit(code));
  });
  psql.stdin.write(prelude);
  script.stdout.pipe(psql.stdin, { end: false });
  const scriptCode = await scriptDone.catch((error: Error) => {
    psql.kill("SIGKILL");
    throw new BackupError(`pg_restore could not run: ${error.message}`);
  });
  if (scriptCode === 0) psql.stdin.end();
  else psql.kill("SIGKILL");
  const psqlCode = await psqlDone.catch((error: Error) => {
    throw new BackupError(`psql could not run: ${error.message}`);
  });
  if (scriptCode !== 0) throw new BackupError(`pg_restore failed: ${scriptErr.trim()}`);
  if (psqlCode !== 0) throw new BackupError(`psql failed, nothing was changed: ${psqlErr.trim()}`);
}

/** The local file storage's size, for the plan. */
function describeFiles(dir: string): string {
  let files = 0;
  let bytes = 0;
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) {
        files += 1;
        bytes += statSync(child).size;
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return `${files} files, ${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Puts the archive's database and files in place of the current ones. PGlite: the server must be
 * stopped (enforced by the lock). PostgreSQL: the schemas are replaced in one transaction; running
 * instances wait on its locks and then see the restored data (restart them after it: see
 * docs/operations.md). Migrations newer than the backup run at the next start, as for an upgrade.
 */
export async function restore(
  config: BackupConfig,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const source = resolve(file);
  if (!existsSync(source) || !statSync(source).isFile())
    throw new BackupError(`No backup file at ${source}.`);
  // Extract beside the storage folder so the files can be renamed into place (same filesystem).
  mkdirSync(dirname(config.storageDir), { recursive: true });
  const work = mkdtempSync(join(dirname(config.storageDir), ".vt-restore-"));
  let lock: ReturnType<typeof acquirePgliteLock> | undefined;
  try {
    try {
      await extractTar({ file: source, cwd: work, strict: true });
    } catch (error) {
      throw new BackupError(
        `Not a Vườn Truyện backup: ${source} is not a readable .tar.gz archive (${String(error)}).`,
      );
    }
    const manifest = readManifest(work);
    const known = knownNewestMigration();
    if (manifest.newestMigration !== null && manifest.newestMigration > known) {
      throw new BackupError(
        `This backup was made by a newer version (${manifest.appVersion}) with migrations this version ` +
          "does not know. Restore it with that version or a newer one.",
      );
    }
    const expected = config.databaseUrl ? "postgres" : "pglite";
    if (manifest.db !== expected) {
      throw new BackupError(
        `This backup holds a ${manifest.db === "pglite" ? "PGlite (embedded)" : "PostgreSQL"} database, ` +
          `but this configuration uses ${expected === "pglite" ? "the embedded PGlite database" : "DATABASE_URL"}.`,
      );
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const movedAside: string[] = [];

    const filesReplaced = manifest.files && !config.s3;
    const plan = [`Restoring ${source} (made ${manifest.createdAt} by version ${manifest.appVersion}).`];
    let target: PostgresTarget | undefined;
    if (manifest.db === "postgres") {
      for (const tool of ["pg_restore", "psql"]) {
        if (spawnSync(tool, ["--version"], { stdio: "ignore" }).status !== 0) {
          throw new BackupError(`${tool} is not installed (Debian: apt-get install postgresql-client).`);
        }
      }
      target = await postgresTarget(config.databaseUrl!, join(work, "db/postgres.dump"));
      plan.push(...target.lines);
    } else {
      // Refused before anything is said or done while a server holds the data directory.
      mkdirSync(dirname(config.pgliteDir), { recursive: true });
      lock = acquirePgliteLock(config.pgliteDir);
      plan.push(
        `This will replace the embedded database at ${config.pgliteDir} (moved aside to ${config.pgliteDir}.before-restore-${stamp}).`,
      );
    }
    if (filesReplaced) {
      plan.push(
        `  local files at ${config.storageDir}: ${describeFiles(config.storageDir)} (moved aside to ${config.storageDir}.before-restore-${stamp})`,
      );
    } else if (config.s3) {
      plan.push("  S3 objects are not touched: restore the bucket with the store's own tools.");
    }
    options.onPlan?.(plan);

    if (target) {
      await runRestoreScript(config.databaseUrl!, join(work, "db/postgres.dump"), target.prelude);
    } else {
      // Load into a fresh directory first, so a broken archive leaves the current database alone.
      const incoming = `${config.pgliteDir}.restoring-${stamp}`;
      const dump = new Blob([readFileSync(join(work, "db/pglite.tar.gz"))]);
      const pglite = await PGlite.create(incoming, { loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
      await pglite.query("select 1");
      await pglite.close();
      const aside = moveAside(config.pgliteDir, stamp);
      if (aside) movedAside.push(aside);
      renameSync(incoming, config.pgliteDir);
    }

    if (filesReplaced) {
      const aside = moveAside(config.storageDir, stamp);
      if (aside) movedAside.push(aside);
      mkdirSync(dirname(config.storageDir), { recursive: true });
      if (existsSync(join(work, "files"))) renameSync(join(work, "files"), config.storageDir);
      else mkdirSync(config.storageDir, { recursive: true });
    }
    if (manifest.authSecret) {
      // Used whenever AUTH_SECRET is not set; the identity provider's keys were encrypted with it.
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(join(config.dataDir, "auth-secret"), readFileSync(join(work, "auth-secret")), {
        mode: 0o600,
      });
    }
    return { manifest, movedAside };
  } finally {
    lock?.release();
    rmSync(work, { recursive: true, force: true });
  }
}
