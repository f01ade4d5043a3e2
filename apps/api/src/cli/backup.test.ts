/**
 * npm run admin -- backup / restore, end to end through the CLI entry (main): back up, change
 * rows and files, restore, and the old rows and files are back. On the embedded PGlite database
 * with local files always; on PostgreSQL too when TEST_DATABASE_URL is set and pg_dump is installed.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { create as createTar, extract as extractTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/app";
import { testDatabaseUrl } from "../../test/db";
import { call, createTeam, createUser, png, upload } from "../../test/fixtures/api";
import { createChapter, createComic } from "../../test/fixtures/comics";
import { loadConfig } from "../config";
import { createDatabase, type Database, runMigrations } from "../db/client";
import { users } from "../db/schema/users";
import { JOBS } from "../jobs/registry";
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
    expect(result.output).toContain("This will replace the embedded database");
    expect(result.output).toMatch(/local files at .*: \d+ files/);
    // The secret generated at first start was archived and put back.
    const secret = readFileSync(secretFile, "utf8");
    writeFileSync(secretFile, "replaced-secret-replaced-secret-replaced-0000\n");
    expect(await main(["restore", archive], env, capture().io)).toBe(0);
    expect(readFileSync(secretFile, "utf8")).toBe(secret);
  }, 600_000);

  it("refuses while the server holds the database, and refuses a file that is not a backup", async () => {
    const config = loadConfig(env);
    const running = await createDatabase({ pgliteDir: config.pgliteDir });
    try {
      const busy = capture();
      expect(await main(["backup", join(dir, "busy.tar.gz")], env, busy.io)).toBe(2);
      expect(busy.err.join("\n")).toContain("stop the server");
      expect(existsSync(join(dir, "busy.tar.gz"))).toBe(false);
      // Restore refuses before saying or doing anything.
      const busyRestore = capture();
      expect(await main(["restore", join(dir, "studio.tar.gz")], env, busyRestore.io)).toBe(2);
      expect(busyRestore.out).toEqual([]);
      expect(busyRestore.err.join("\n")).toContain("stop the server");
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

/** Every row of the application's tables (schemas public and drizzle) and every sequence's value. */
async function rowsOf(pool: pg.Pool): Promise<Record<string, string[]>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<{ row: string }>(`select to_jsonb(t)::text as row from ${name} t`);
    out[name] = rows.map((r) => r.row).sort();
  }
  const { rows: sequences } = await pool.query<{ name: string; value: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value
       from pg_sequences where schemaname in ('public', 'drizzle') order by 1`,
  );
  out["(sequences)"] = sequences.map((s) => `${s.name}=${s.value}`);
  return out;
}

/** The job engine's runs: id -> name and state. */
async function jobsOf(pool: pg.Pool): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ id: string; name: string; state: string }>(
    "select id::text, name, state from pgboss.job",
  );
  return new Map(rows.map((r) => [r.id, `${r.name} ${r.state}`]));
}

/** Every stored file (in-flight `.tmp-*` files aside) and a hash of its bytes. */
function filesOf(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.startsWith(".tmp-"))
        out[relative(root, path)] = createHash("sha256").update(readFileSync(path)).digest("hex");
    }
  };
  if (existsSync(root)) walk(root);
  return out;
}

/** Waits until every due job (and the jobs those queue) has finished. */
async function drainJobs(t: TestApp): Promise<void> {
  for (;;) {
    const { rows } = await t.database.pool!.query<{ id: string; name: string }>(
      `select id::text, name from pgboss.job
        where state in ('created', 'retry', 'active') and start_after <= now()`,
    );
    if (rows.length === 0) return;
    for (const row of rows) {
      const job = JOBS.find((j) => j.name === row.name)!;
      await t.app.jobs!.waitFor(job, row.id, { timeoutMs: 60_000 });
    }
  }
}

/** What a user does in a day: signs in (a session), a team, a comic with its cover, a published chapter. */
async function work(t: TestApp) {
  const user = await createUser(t);
  const teamId = await createTeam(t, user);
  const comic = await createComic(t, user, teamId);
  const chapterId = await createChapter(t, user, comic.id);
  const files = await Promise.all(
    [0, 1].map(async (i) => ({
      field: "files",
      filename: `${i + 1}.png`,
      contentType: "image/png",
      bytes: await png(40 + i, 60),
    })),
  );
  const up = await upload(t, user, `/api/chapters/${chapterId}/pages`, files);
  expect(up.statusCode, up.body).toBe(201);
  const pages = (up.json() as { pages: { id: number; url: string }[] }).pages;
  const published = await call(t, user, "PUT", `/api/chapters/${chapterId}`, {
    payload: { order: 1, pages: pages.map((p) => ({ id: p.id })), publish: true },
  });
  expect(published.statusCode, published.body).toBe(200);
  await drainJobs(t);
  return { user, comicId: comic.id, pages };
}

describe.skipIf(!serverUrl || !hasPgDump())(
  "npm run admin -- backup / restore on PostgreSQL databases the server has run on (job engine included)",
  () => {
    const AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
    const made: string[] = [];
    const apps: TestApp[] = [];
    let dir: string;

    /** A database of its own with the server's app (job engine running) on it, and the CLI's env. */
    async function instance(label: string) {
      const name = `vt_restore_${label}_${process.pid}_${randomBytes(3).toString("hex")}`;
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`CREATE DATABASE "${name}"`);
      await client.end();
      made.push(name);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const database = await createDatabase({ databaseUrl: url.toString(), poolSize: 4 });
      await runMigrations(database);
      const t = await createTestApp({ database, jobs: true });
      apps.push(t);
      const env = {
        DATA_DIR: t.dataDir,
        DATABASE_URL: url.toString(),
        AUTH_SECRET,
        PUBLIC_URL: TEST_ORIGIN,
        LOG_LEVEL: "silent",
      };
      return { name, t, env, pool: database.pool! };
    }
    const adminUrl = () => {
      const url = new URL(serverUrl!);
      url.pathname = "/postgres";
      return url.toString();
    };

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), "vt-backup-pg-"));
    });
    afterAll(async () => {
      for (const t of apps) await t.close();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      for (const name of made) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
      rmSync(dir, { recursive: true, force: true });
    });

    it("puts every row, job run and file back onto the live database it came from and onto another used one", async () => {
      const live = await instance("live");
      const other = await instance("other");
      const kept = await work(live.t);
      const lost = await work(other.t);

      const rows = await rowsOf(live.pool);
      const jobs = await jobsOf(live.pool);
      const files = filesOf(live.t.config.storageDir);
      // The server worked: sessions, pages, files and finished job runs are there to lose.
      expect(rows["public.sessions"]!.length).toBeGreaterThan(0);
      expect(rows["public.chapter_pages"]!.length).toBe(2);
      expect([...jobs.values()].filter((j) => j.endsWith(" completed")).length).toBeGreaterThan(0);
      expect(Object.keys(files).length).toBeGreaterThanOrEqual(6);

      const archive = join(dir, "studio.tar.gz");
      const backedUp = capture();
      expect(await main(["backup", archive], live.env, backedUp.io), backedUp.err.join("\n")).toBe(0);
      expect(await rowsOf(live.pool)).toEqual(rows);

      // Life goes on after the backup: more rows, files and job runs, and a file lost.
      const later = await work(live.t);
      const laterJobs = [...(await jobsOf(live.pool)).keys()].filter((id) => !jobs.has(id));
      expect(laterJobs.length).toBeGreaterThan(0);
      await live.t.storage.delete(kept.pages[0]!.url);

      // Restore onto the database it came from while its server and job engine run.
      const restored = capture();
      expect(await main(["restore", archive], live.env, restored.io), restored.err.join("\n")).toBe(0);
      const said = restored.out.join("\n");
      // It said what it would replace before replacing it.
      expect(said).toContain(`database "${live.name}"`);
      expect(said).toMatch(/schema public: \d+ tables, \d+ rows/);
      expect(said).toMatch(/schema pgboss: \d+ tables, \d+ rows/);
      expect(said).toMatch(/local files .*: \d+ files/);
      expect(said.indexOf("will replace")).toBeLessThan(said.indexOf("Restored"));

      expect(await rowsOf(live.pool)).toEqual(rows);
      expect(filesOf(live.t.config.storageDir)).toEqual(files);
      const liveJobs = await jobsOf(live.pool);
      for (const [id, job] of jobs) expect(liveJobs.get(id), id).toBe(job);
      for (const id of laterJobs) expect(liveJobs.has(id)).toBe(false);

      // The running server serves the restored data, and its job engine works on.
      const comic = await call(live.t, kept.user, "GET", `/api/comics/${kept.comicId}`);
      expect(comic.statusCode, comic.body).toBe(200);
      expect((await call(live.t, later.user, "GET", "/api/users/me")).statusCode).toBe(401);
      const again = await work(live.t);
      const { rows: thumbs } = await live.pool.query<{ n: number }>(
        `select count(*)::int as n from chapter_pages p join chapters c on c.id = p.chapter_id
          where c.comic_id = $1 and p.thumb is not null`,
        [again.comicId],
      );
      expect(thumbs[0]!.n).toBe(2);

      // Restore onto a second database the server has used for other work.
      const onOther = capture();
      expect(await main(["restore", archive], other.env, onOther.io), onOther.err.join("\n")).toBe(0);
      expect(await rowsOf(other.pool)).toEqual(rows);
      expect(filesOf(other.t.config.storageDir)).toEqual(files);
      const otherJobs = await jobsOf(other.pool);
      for (const [id, job] of jobs) expect(otherJobs.get(id), id).toBe(job);
      expect((await call(other.t, lost.user, "GET", "/api/users/me")).statusCode).toBe(401);
      expect((await call(other.t, kept.user, "GET", `/api/comics/${kept.comicId}`)).statusCode).toBe(200);

      // A damaged dump (cut in half) fails part-way through: nothing is changed.
      const unpacked = join(dir, "unpacked");
      mkdirSync(unpacked);
      await extractTar({ file: archive, cwd: unpacked });
      const dump = join(unpacked, "db/postgres.dump");
      truncateSync(dump, Math.floor(statSync(dump).size / 2));
      const damaged = join(dir, "damaged.tar.gz");
      await createTar({ file: damaged, cwd: unpacked, gzip: true }, readdirSync(unpacked));
      await work(other.t);
      const current = await rowsOf(other.pool);
      const refused = capture();
      expect(await main(["restore", damaged], other.env, refused.io)).toBe(1);
      expect(refused.err.join("\n")).toContain("pg_restore could not read the dump");
      expect(await rowsOf(other.pool)).toEqual(current);
    }, 300_000);
  },
);
