/**
 * Platform admin management:
 *   npm run admin -- grant <email>    make the user with this e-mail a platform admin
 *   npm run admin -- revoke <email>   make them an ordinary user again
 *   npm run admin -- list             list platform admins
 *
 * Works on PostgreSQL (DATABASE_URL) and on the embedded PGlite database. PGlite allows one process
 * per data directory, so with PGlite this refuses (exit code 2) while the server is running: stop
 * the server first, or use PostgreSQL.
 */
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { ConfigError, loadConfig } from "../config";
import { createDatabase, type Database, runMigrations } from "../db/client";
import { DatabaseLockedError } from "../db/pglite-lock";
import { users } from "../db/schema/users";
import { setAdminRole } from "../modules/users/users.service";

const USAGE = "Usage: npm run admin -- grant <email> | revoke <email> | list";

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

export async function main(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  let database: Database;
  try {
    const config = loadConfig(env);
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
    throw error;
  }
  try {
    await runMigrations(database);
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
