/**
 * npm run admin -- backup / restore, end to end through the CLI entry (main): back up, change
 * rows and files, restore, and the old rows and files are back. On the embedded PGlite database
 * with local files always; on PostgreSQL too when TEST_DATABASE_URL is set and pg_dump is installed.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../test/db";
import { loadConfig } from "../config";
import { createDatabase, type Database, runMigrations } from "../db/client";
import { users } from "../db/schema/users";
import { createLocalStorage } from "../storage/local";
import { main } from "./admin";
import { hasPgDump } from "./backup";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

async function withDatabase<T>(
  env: Record<string, string>,
  fn: (database: Database) => Promise<T>,
): Promise<T> {
  const config = loadConfig(env);
  const database = await createDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await runMigrations(database);
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function names(database: Database): Promise<string[]> {
  const rows = await database.db.select({ name: users.name }).from(users).orderBy(users.name);
  return rows.map((r) => r.name);
}

function storageOf(env: Record<string, string>) {
  const config = loadConfig(env);
  return createLocalStorage({ root: config.storageDir, publicBaseUrl: "http://x/files" });
}

/** The scenario both database kinds run: returns what the test asserts on. */
async function roundTrip(env: Record<string, string>, archive: string) {
  const oldBytes = randomBytes(2048);
  const oldKey = await withDatabase(env, async (database) => {
    await database.db.insert(users).values({
      email: "old@example.com",
      name: "Người Cũ",
      identityIssuer: "test",
      identitySubject: "old",
    });
    return (await storageOf(env)).put(oldBytes, { prefix: "comics", ext: "jpg", contentType: "image/jpeg" });
  });

  const made = capture();
  expect(await main(["backup", archive], env, made.io), made.err.join("\n")).toBe(0);
  expect(existsSync(archive)).toBe(true);

  const newKey = await withDatabase(env, async (database) => {
    await database.db.update(users).set({ name: "Đã Đổi" }).where(eq(users.email, "old@example.com"));
    await database.db.insert(users).values({
      email: "new@example.com",
      name: "Người Mới",
      identityIssuer: "test",
      identitySubject: "new",
    });
    const storage = await storageOf(env);
    await storage.delete(oldKey);
    return storage.put(randomBytes(10), { prefix: "comics", ext: "jpg", contentType: "image/jpeg" });
  });
  expect(await withDatabase(env, names)).toEqual(["Người Mới", "Đã Đổi"]);

  const restored = capture();
  expect(await main(["restore", archive], env, restored.io), restored.err.join("\n")).toBe(0);

  const storage = await storageOf(env);
  return {
    names: await withDatabase(env, names),
    oldFile: await storage.get(oldKey),
    newFileExists: await storage.exists(newKey),
    oldBytes,
    output: restored.out.join("\n"),
  };
}

describe("npm run admin -- backup / restore on the embedded database with local files", () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "vt-backup-"));
    // No AUTH_SECRET: the generated DATA_DIR/auth-secret is part of the backup.
    env = { DATA_DIR: join(dir, "data"), LOG_LEVEL: "silent" };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("brings back the rows, the files and the generated auth secret as they were at backup time", async () => {
    const secretFile = join(dir, "data", "auth-secret");
    const archive = join(dir, "studio.tar.gz");
    const result = await roundTrip(env, archive);
    expect(result.names).toEqual(["Người Cũ"]);
    expect(result.oldFile?.equals(result.oldBytes)).toBe(true);
    expect(result.newFileExists).toBe(false);
    expect(result.output).toContain("before-restore-");
    // The secret generated at first start was archived and put back.
    const secret = readFileSync(secretFile, "utf8");
    writeFileSync(secretFile, "replaced-secret-replaced-secret-replaced-0000\n");
    expect(await main(["restore", archive], env, capture().io)).toBe(0);
    expect(readFileSync(secretFile, "utf8")).toBe(secret);
  }, 180_000);

  it("refuses while the server holds the database, and refuses a file that is not a backup", async () => {
    const config = loadConfig(env);
    const running = await createDatabase({ pgliteDir: config.pgliteDir });
    try {
      const busy = capture();
      expect(await main(["backup", join(dir, "busy.tar.gz")], env, busy.io)).toBe(2);
      expect(busy.err.join("\n")).toContain("stop the server");
      expect(existsSync(join(dir, "busy.tar.gz"))).toBe(false);
    } finally {
      await running.close();
    }
    const before = await withDatabase(env, names);
    const junk = join(dir, "junk.tar.gz");
    writeFileSync(junk, "not an archive");
    const bad = capture();
    expect(await main(["restore", junk], env, bad.io)).toBe(1);
    expect(bad.err.join("\n")).toContain("Not a Vườn Truyện backup");
    expect(await withDatabase(env, names)).toEqual(before);
    const usage = capture();
    expect(await main(["backup"], env, usage.io)).toBe(64);
    expect(usage.err.join("\n")).toContain("backup <file>");
  }, 60_000);
});

const serverUrl = testDatabaseUrl();
describe.skipIf(!serverUrl || !hasPgDump())(
  "npm run admin -- backup / restore on PostgreSQL (pg_dump)",
  () => {
    let dir: string;
    let env: Record<string, string>;
    const name = `vt_backup_${process.pid}_${randomBytes(3).toString("hex")}`;
    const admin = () => {
      const url = new URL(serverUrl!);
      url.pathname = "/postgres";
      return new pg.Client({ connectionString: url.toString() });
    };
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "vt-backup-pg-"));
      const client = admin();
      await client.connect();
      await client.query(`CREATE DATABASE "${name}"`);
      await client.end();
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      env = {
        DATA_DIR: join(dir, "data"),
        DATABASE_URL: url.toString(),
        AUTH_SECRET: "backup-test-secret-backup-test-secret-01",
        LOG_LEVEL: "silent",
      };
    });
    afterAll(async () => {
      const client = admin();
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
      rmSync(dir, { recursive: true, force: true });
    });

    it("brings back the rows and the local files", async () => {
      const result = await roundTrip(env, join(dir, "studio.tar.gz"));
      expect(result.names).toEqual(["Người Cũ"]);
      expect(result.oldFile?.equals(result.oldBytes)).toBe(true);
      expect(result.newFileExists).toBe(false);
    });
  },
);
