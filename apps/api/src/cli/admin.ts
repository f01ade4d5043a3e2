/**
 * Platform admin management:
 *   npm run admin -- grant <email>    make the user with this e-mail a platform admin
 *   npm run admin -- revoke <email>   make them an ordinary user again
 *   npm run admin -- list             list platform admins
 *   npm run admin -- jobs [n]         list the job engine's latest n runs (default 20)
 *   npm run admin -- backup <file>    database + local files (+ generated auth secret) into one .tar.gz
 *   npm run admin -- restore <file>   put a backup back: says what it replaces, then replaces it
 *                                     (PostgreSQL: in one transaction; files and PGlite data moved aside)
 *   npm run admin -- backfill-thumbnails
 *                                     make every missing page and cover thumbnail now, with progress
 *   npm run admin -- fingerprint-pages
 *                                     fingerprint every page stored before page checks now, with
 *                                     progress (the pages.fingerprint job's work, docs/page-checks.md)
 *
 * Works on PostgreSQL (DATABASE_URL) and on the embedded PGlite database. PGlite allows one process
 * per data directory, so with PGlite this refuses (exit code 2) while the server is running: stop
 * the server first, or use PostgreSQL.
 */
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Config, ConfigError, loadConfig } from "../config";
import { createDatabase, type Database, runMigrations } from "../db/client";
import { DatabaseLockedError } from "../db/pglite-lock";
import { users } from "../db/schema/users";
import { backfillThumbnails } from "../jobs/images-thumbnail.job";
import { fingerprintPages } from "../jobs/pages-fingerprint.job";
import { type JobRun, recentJobRuns } from "../jobs/runs";
import { setAdminRole } from "../modules/users/users.service";
import { createStorage } from "../storage/create-storage";
import type { Storage } from "../storage/storage";
import { BackupError, backup, restore } from "./backup";

const USAGE =
  "Usage: npm run admin -- grant <email> | revoke <email> | list | jobs [count] | backup <file> | restore <file> | backfill-thumbnails | fingerprint-pages";

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command against an open database; returns the process exit code. */
export async function runAdminCommand(argv: string[], database: Database, io: CliIo): Promise<number> {
  const [command, email, ...rest] = argv;
  if (command === "list" && email === undefined) {
    const admins = await database.db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.role, "admin"))
      .orderBy(users.id);
    if (admins.length === 0) io.out("No platform admins yet.");
    for (const a of admins) io.out(`${a.id}\t${a.email}\t${a.name}`);
    return 0;
  }
  if (command === "jobs" && rest.length === 0) {
    const count = email === undefined ? 20 : Number(email);
    if (!Number.isInteger(count) || count < 1 || count > 1000) {
      io.err(USAGE);
      return 64;
    }
    const runs = await recentJobRuns(database.db, count);
    if (runs.length === 0) io.out("No job runs yet (the server runs jobs while it is up).");
    else io.out(["name", "state", "started", "finished", "error"].join("\t"));
    for (const run of runs) io.out(formatRun(run));
    return 0;
  }
  if ((command !== "grant" && command !== "revoke") || !email || rest.length > 0) {
    io.err(USAGE);
    return 64;
  }
  const user = await setAdminRole(database.db, email.trim(), command === "grant");
  if (!user) {
    io.err(
      `No user with the e-mail ${email} has signed in yet. Ask them to sign in once, ` +
        "or list the address in ADMIN_EMAILS (granted at their next sign-in with a verified e-mail).",
    );
    return 1;
  }
  io.out(
    command === "grant"
      ? `${user.email} (id ${user.id}) is now a platform admin.`
      : `${user.email} (id ${user.id}) is no longer a platform admin.`,
  );
  return 0;
}

/**
 * `backfill-thumbnails`: makes the thumbnail of every plain page and cover stored without one (pages
 * from before thumbnails existed), printing progress after each batch. Safe beside running
 * PostgreSQL instances (a row is only updated while it still points at the same image).
 */
export async function runBackfillThumbnails(
  database: Database,
  deps: { config: Config; storage: Storage; batch?: number },
  io: CliIo,
): Promise<number> {
  const ctx = { db: database.db, database, storage: deps.storage, config: deps.config, log: cliLog(io) };
  let announced = false;
  const result = await backfillThumbnails(
    ctx,
    (p) => {
      if (!announced) io.out(`${p.total} pages and covers have no thumbnail yet.`);
      announced = true;
      io.out(
        `${p.done}/${p.total} done: ${p.made} made, ${p.failed} failed, ${p.skipped + p.kept} left as they are`,
      );
    },
    deps.batch,
  );
  return reportBackfill(io, result, result.done === 0, {
    none: "Every page and cover already has its thumbnail (scrambled pages never get one).",
    made: "Thumbnails made",
    failed: "could not be made (listed above); the nightly images.thumbnail run tries them again.",
  });
}

/**
 * `fingerprint-pages`: fingerprints every stored page without a fingerprint (pages from before page
 * checks), printing progress after each batch. Safe beside running PostgreSQL instances (a row is
 * only written while it still has no fingerprint and the same image); stopped, it goes on next time.
 */
export async function runFingerprintPages(
  database: Database,
  deps: { storage: Storage; batch?: number },
  io: CliIo,
): Promise<number> {
  const result = await fingerprintPages(
    { db: database.db, storage: deps.storage, log: cliLog(io) },
    (p) => io.out(`${p.done}/${p.total} done: ${p.made} fingerprinted, ${p.failed} could not be read`),
    deps.batch,
  );
  return reportBackfill(io, result, result.total === 0, {
    none: "Every stored page already has its fingerprint.",
    made: "Pages fingerprinted",
    failed: "could not be read (listed above); the daily pages.fingerprint run tries them again.",
  });
}

/**
 * The last line of a backfill command: `none` when there was nothing to do, else how many it made
 * and how many failed (left to the job's next run). Exit code 1 when any failed.
 */
function reportBackfill(
  io: CliIo,
  result: { made: number; failed: number },
  nothingToDo: boolean,
  texts: { none: string; made: string; failed: string },
): number {
  if (nothingToDo) {
    io.out(texts.none);
    return 0;
  }
  io.out(`${texts.made}: ${result.made}.${result.failed ? ` ${result.failed} ${texts.failed}` : ""}`);
  return result.failed ? 1 : 0;
}

/** A job logger that prints warnings on the CLI's error stream. */
function cliLog(io: CliIo): FastifyBaseLogger {
  const warn = (obj: { key?: string; err?: unknown }, message: string) =>
    io.err(`${message}: ${obj.key ?? ""} (${obj.err instanceof Error ? obj.err.message : String(obj.err)})`);
  return { warn, error: warn, info() {}, debug() {}, trace() {} } as unknown as FastifyBaseLogger;
}

const when = (d: Date | null) => (d ? d.toISOString().replace("T", " ").slice(0, 19) : "-");

function formatRun(run: JobRun): string {
  const error = run.error ? run.error.replace(/\s+/g, " ").slice(0, 200) : "";
  return [run.name, run.state, when(run.startedOn), when(run.completedOn), error].join("\t");
}

/** backup/restore work on the data directory itself, so they never open the database here first. */
async function runBackupCommand(argv: string[], config: Config, io: CliIo): Promise<number> {
  const [command, file, ...rest] = argv;
  if (!file || rest.length > 0) {
    io.err(USAGE);
    return 64;
  }
  if (command === "backup") {
    const manifest = await backup(config, file);
    io.out(`Backup written to ${file} (${manifest.db} database${manifest.files ? " and local files" : ""}).`);
    if (config.s3) {
      io.out(
        "Storage is S3: its objects are not in the archive; back the bucket up as docs/operations.md says.",
      );
    }
    if (manifest.authSecret)
      io.out("The archive holds DATA_DIR/auth-secret: keep it as safe as that secret.");
    return 0;
  }
  const result = await restore(config, file, {
    onPlan: (lines) => {
      for (const line of lines) io.out(line);
    },
  });
  io.out(`Restored ${file}.`);
  for (const path of result.movedAside)
    io.out(`The data it replaced is kept at ${path}; delete it when satisfied.`);
  io.out(
    config.databaseUrl
      ? "Restart every instance: migrations newer than the backup run at start."
      : "Start the server: migrations newer than the backup run at start.",
  );
  return 0;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  let database: Database;
  let config: Config;
  try {
    config = loadConfig(env);
    if (argv[0] === "backup" || argv[0] === "restore") return await runBackupCommand(argv, config, io);
    database = await createDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 78;
    }
    if (error instanceof DatabaseLockedError) {
      io.err(
        `${error.message}\nThe admin command needs the embedded database to itself: stop the server, ` +
          "run the command, then start the server again.",
      );
      return 2;
    }
    if (error instanceof BackupError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    await runMigrations(database);
    if (argv[0] === "backfill-thumbnails" && argv.length === 1)
      return await runBackfillThumbnails(database, { config, storage: await createStorage(config) }, io);
    if (argv[0] === "fingerprint-pages" && argv.length === 1)
      return await runFingerprintPages(database, { storage: await createStorage(config) }, io);
    return await runAdminCommand(argv, database, io);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
