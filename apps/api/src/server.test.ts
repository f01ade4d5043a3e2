/**
 * Real processes: `node --import tsx src/server.ts` on a temporary DATA_DIR (PGlite), as
 * `npm start` runs it. Covers the start-up refusals and SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "./db/client";
import { lockFileFor } from "./db/pglite-lock";

const migrations = (
  JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  }
).entries.map((e) => e.tag);

/** The `migration applied` log lines' names, in the order logged. */
function appliedMigrations(stdout: string): string[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg?: string; migration?: string })
    .filter((entry) => entry.msg?.startsWith("migration applied: "))
    .map((entry) => entry.migration!);
}

const apiDir = fileURLToPath(new URL("..", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "vt-server-"));
const lockFile = lockFileFor(join(dataDir, "db"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string> = {}): Started {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: apiDir,
    env: { ...inherited, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => {
    out += d;
  });
  child.stderr!.on("data", (d) => {
    err += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Resolves with the port once the server logs that it listens; rejects if it exits first. */
function listening(server: Started): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = server.stdout().match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (match && server.stdout().includes("API ready")) {
        server.child.stdout!.off("data", check);
        resolve(Number(match[1]));
      }
    };
    server.child.stdout!.on("data", check);
    server.exited.then((code) => reject(new Error(`server exited (${code}): ${server.stderr()}`)));
  });
}

describe("server process", () => {
  it("stops with a message naming the variable when the configuration is bad", async () => {
    const server = startServer({ PORT: "not-a-port", TRUSTED_ORIGINS: "nope" });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(/PORT: /);
    expect(server.stderr()).toMatch(/TRUSTED_ORIGINS: /);
  });

  it("serves, refuses a second process on the same PGlite directory, and shuts down on SIGTERM", {
    timeout: 120_000,
  }, async () => {
    const first = startServer();
    const port = await listening(first);
    // A new data directory: every migration is named, oldest first, then the plain address line.
    expect(appliedMigrations(first.stdout())).toEqual(migrations);
    expect(first.stdout()).toMatch(new RegExp(`^Open http://localhost:${port} in your browser$`, "m"));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ status: "ok", db: "pglite", storage: "local" });
    expect(existsSync(lockFile)).toBe(true);

    const second = startServer();
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`in use by another running process (pid ${first.child.pid})`);

    // The refused process must not have broken the first one or its lock.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(existsSync(lockFile)).toBe(true);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.stdout()).toContain("shutdown complete");
    expect(existsSync(lockFile)).toBe(false);
  });

  it("takes over a stale lock left by a dead process", { timeout: 120_000 }, async () => {
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.on("exit", resolve));
    writeFileSync(lockFile, `${dead.pid}\n`);

    const server = startServer({ PUBLIC_URL: "https://studio.example" });
    const port = await listening(server);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    // The same data directory again: nothing to apply, and the address is PUBLIC_URL when set.
    expect(appliedMigrations(server.stdout())).toEqual([]);
    expect(server.stdout()).toContain('"migrationsApplied":0');
    expect(server.stdout()).toMatch(/^Open https:\/\/studio\.example in your browser$/m);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });
});
