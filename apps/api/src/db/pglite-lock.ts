/**
 * PGlite is single-process: two processes opening the same data directory corrupt it.
 * A lock file beside the directory (`<dir>.lock`) holds the owner's pid; a live owner makes
 * us refuse, a dead one (crash, kill -9) leaves a stale lock that we take over.
 */
import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";

export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database at ${dir} is in use by another running process (pid ${pid}). ` +
        "PGlite allows only one process per data directory: stop that process, or set DATA_DIR " +
        "to another folder, or use PostgreSQL (DATABASE_URL) to run several processes.",
    );
    this.name = "DatabaseLockedError";
  }
}

export interface PgliteLock {
  file: string;
  release(): void;
}

export function lockFileFor(dir: string): string {
  return `${dir.replace(/[\\/]+$/, "")}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

export function acquirePgliteLock(dir: string): PgliteLock {
  const file = lockFileFor(dir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Write the pid to a private file first and hard-link it into place: the lock appears
      // atomically with its content, so nobody ever reads a half-written lock.
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, `${process.pid}\n`, { mode: 0o644 });
      try {
        linkSync(tmp, file);
      } finally {
        unlinkSync(tmp);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        // Only remove the lock if it is still ours (never a successor's).
        if (readOwner(file) === process.pid) unlinkSync(file);
      };
      process.on("exit", release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(file);
    if (owner !== undefined && isAlive(owner)) throw new DatabaseLockedError(dir, owner);
    // Stale (owner dead) or unreadable/half-written: remove and retry the exclusive create.
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  throw new Error(`Could not acquire the database lock ${file}`);
}
