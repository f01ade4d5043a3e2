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
 * runs on it they refuse (DatabaseLockedError). Restore never deletes: the current database and
 * files are moved aside to `<name>.before-restore-<time>` and the archive's copies put in place.
 */
import { spawnSync } from "node:child_process";
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
import { create as createTar, extract as extractTar, replace as replaceTar } from "tar";
import type { Config } from "../config";
import { createDatabase, MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from "../db/client";
import { acquirePgliteLock } from "../db/pglite-lock";
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
  /** Where the replaced database and files were moved (delete them once the restore is checked). */
  movedAside: string[];
}

/**
 * Puts the archive's database and files in place of the current ones. The server must be stopped
 * (PGlite: enforced by the lock; PostgreSQL: stop every instance, pg_restore --clean replaces the
 * objects in place). Migrations newer than the backup run at the next start, as for an upgrade.
 */
export async function restore(config: BackupConfig, file: string): Promise<RestoreResult> {
  const source = resolve(file);
  if (!existsSync(source) || !statSync(source).isFile())
    throw new BackupError(`No backup file at ${source}.`);
  // Extract beside the storage folder so the files can be renamed into place (same filesystem).
  mkdirSync(dirname(config.storageDir), { recursive: true });
  const work = mkdtempSync(join(dirname(config.storageDir), ".vt-restore-"));
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

    if (manifest.db === "postgres") {
      if (spawnSync("pg_restore", ["--version"], { stdio: "ignore" }).status !== 0) {
        throw new BackupError("pg_restore is not installed (Debian: apt-get install postgresql-client).");
      }
      run("pg_restore", [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--single-transaction",
        "--dbname",
        config.databaseUrl!,
        join(work, "db/postgres.dump"),
      ]);
    } else {
      mkdirSync(dirname(config.pgliteDir), { recursive: true });
      const lock = acquirePgliteLock(config.pgliteDir);
      try {
        // Load into a fresh directory first, so a broken archive leaves the current database alone.
        const incoming = `${config.pgliteDir}.restoring-${stamp}`;
        const dump = new Blob([readFileSync(join(work, "db/pglite.tar.gz"))]);
        const pglite = await PGlite.create(incoming, { loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
        await pglite.query("select 1");
        await pglite.close();
        const aside = moveAside(config.pgliteDir, stamp);
        if (aside) movedAside.push(aside);
        renameSync(incoming, config.pgliteDir);
      } finally {
        lock.release();
      }
    }

    if (manifest.files && !config.s3) {
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
    rmSync(work, { recursive: true, force: true });
  }
}
