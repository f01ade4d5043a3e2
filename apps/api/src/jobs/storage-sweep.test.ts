/**
 * storage.sweep against what a real crash leaves: a server process (`node --import tsx
 * src/server.ts`, PGlite and local files in a temporary DATA_DIR) is killed with SIGKILL while a
 * chapter page upload is in flight, after it stored some pages and before it recorded them. The
 * sweep then runs through the job engine; time travel is done by aging file mtimes and row
 * timestamps, never by sleeping.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type TestApp, testConfig } from "../../test/app";
import { createTestDatabase, testDatabaseUrl } from "../../test/db";
import { call, createTeam, createUser, multipart, png, type TestUser } from "../../test/fixtures/api";
import { createComic } from "../../test/fixtures/comics";
import { buildApp } from "../app";
import type { Config } from "../config";
import { createDatabase, type Database, runMigrations } from "../db/client";
import { directUploadClaims } from "../db/schema/uploads";
import { PRESIGN_SECONDS, STAGED_MAX_AGE_SECONDS } from "../lib/direct-upload";
import { createLocalStorage } from "../storage/local";
import { createS3Storage } from "../storage/s3";
import {
  keyOfReference,
  NOT_STORAGE_REFERENCES,
  STORAGE_REFERENCES,
  storageSweep,
} from "./storage-sweep.job";

const apiDir = fileURLToPath(new URL("../..", import.meta.url));
const HOUR = 3_600_000;
const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as never;
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

/** Every file under the storage root, as keys (including interrupted writes). */
function filesIn(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else out.push(relative(root, join(dir, e.name)));
    }
  };
  walk(root);
  return out.sort();
}

function age(root: string, hours: number): void {
  const when = new Date(Date.now() - hours * HOUR);
  for (const key of filesIn(root)) utimesSync(join(root, key), when, when);
}

/** The real app on a file-backed PGlite in `dataDir` (what `npm start` opens). */
async function openApp(dataDir: string, jobs: boolean): Promise<TestApp> {
  const config = testConfig(dataDir);
  const database = await createDatabase({ pgliteDir: config.pgliteDir });
  await runMigrations(database);
  const storage = await createLocalStorage({
    root: config.storageDir,
    publicBaseUrl: `${config.publicUrl}/files`,
  });
  const app = await buildApp({ config, database, storage, logger: false, webDist: null, jobs });
  await app.ready();
  return {
    app,
    config,
    database,
    storage,
    dataDir,
    headers: { "x-app-origin": "http://localhost:3000" },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

function startServer(dataDir: string): {
  child: ChildProcess;
  port: Promise<number>;
  exited: Promise<unknown>;
} {
  const { DATABASE_URL: _a, S3_BUCKET: _b, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: apiDir,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      PUBLIC_URL: "http://localhost:3000",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(() => child.exitCode === null && child.kill("SIGKILL"));
  let out = "";
  let err = "";
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const port = new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      out += d;
      const m = out.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (m && out.includes("API ready")) resolve(Number(m[1]));
    });
    child.stderr!.on("data", (d) => {
      err += d;
    });
    exited.then(() => reject(new Error(`server exited: ${err}`)));
  });
  return { child, port, exited };
}

describe.skipIf(testDatabaseUrl())(
  "storage.sweep after a server killed mid-upload (local storage, PGlite)",
  () => {
    it("removes every file no row references, keeps every referenced one", { timeout: 600_000 }, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "vt-sweep-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const root = join(dataDir, "files");

      // 1. A team with a comic (cover), a chapter with two saved pages, and a draft with one
      //    staged page that is then abandoned.
      let t = await openApp(dataDir, false);
      const owner: TestUser = await createUser(t);
      const teamId = await createTeam(t, owner);
      const comic = await createComic(t, owner, teamId);
      const chapter = (
        await call(t, owner, "POST", "/api/chapters", { payload: { comicId: comic.id, order: 1 } })
      ).json();
      const up = multipart([
        { field: "files", filename: "1.png", contentType: "image/png", bytes: await png(20, 30) },
        { field: "files", filename: "2.png", contentType: "image/png", bytes: await png(21, 30) },
      ]);
      const saved = (
        await call(t, owner, "POST", `/api/chapters/${chapter.id}/pages`, {
          payload: up.payload,
          headers: up.headers,
        })
      ).json().pages as { id: number }[];
      const put = await call(t, owner, "PUT", `/api/chapters/${chapter.id}`, {
        payload: {
          id: chapter.id,
          order: 1,
          name: "",
          volume: null,
          hidden: false,
          pages: saved.map((p) => ({ id: p.id })),
        },
      });
      expect(put.statusCode).toBe(200);
      const draft = (
        await call(t, owner, "POST", "/api/chapters", { payload: { comicId: comic.id, order: 2 } })
      ).json();
      const staged = multipart([
        { field: "files", filename: "s.png", contentType: "image/png", bytes: await png(22, 30) },
      ]);
      expect(
        (
          await call(t, owner, "POST", `/api/chapters/${draft.id}/pages`, {
            payload: staged.payload,
            headers: staged.headers,
          })
        ).statusCode,
      ).toBe(201);
      const referencedBefore = filesIn(root);
      expect(referencedBefore).toHaveLength(4); // cover + 2 saved pages + 1 staged page
      await t.close();

      // 2. The real server, killed with SIGKILL once it stored 3 pages of a 4-page upload whose
      //    last part never finishes arriving (nothing recorded them yet).
      const server = startServer(dataDir);
      const port = await server.port;
      const pages = [];
      for (let i = 0; i < 4; i++) {
        pages.push({
          field: "files",
          filename: `${i}.png`,
          contentType: "image/png",
          bytes: await png(40 + i, 60),
        });
      }
      const body = multipart(pages);
      const cut = body.payload.length - pages[3]!.bytes.length / 2;
      const req = request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/api/chapters/${chapter.id}/pages`,
        headers: {
          ...body.headers,
          "content-length": String(body.payload.length),
          cookie: owner.cookie,
          "x-app-origin": "http://localhost:3000",
          origin: "http://localhost:3000",
        },
      });
      req.on("error", () => {});
      req.write(body.payload.subarray(0, cut));
      for (let i = 0; i < 600 && filesIn(root).length < referencedBefore.length + 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      server.child.kill("SIGKILL");
      await server.exited;
      req.destroy();
      const afterCrash = filesIn(root);
      const orphans = afterCrash.filter((k) => !referencedBefore.includes(k));
      expect(orphans).toHaveLength(3);

      // 3. Time travel: every file is 25 hours old, the draft untouched for 8 days; one more
      //    orphan is fresh (inside the grace period) and must survive this sweep.
      age(root, 25);
      t = await openApp(dataDir, true);
      cleanups.push(() => t.close());
      await t.database.db.execute(
        sql`update chapters set updated_at = now() - interval '8 days' where id = ${draft.id}`,
      );
      await t.database.db.execute(
        sql`update chapter_pages set created_at = now() - interval '8 days' where chapter_id = ${draft.id}`,
      );
      const fresh = await t.storage.put(await png(5, 5), {
        prefix: "comics",
        ext: "png",
        contentType: "image/png",
      });
      const stagedKey = (
        await t.database.db.execute<{ url: string }>(
          sql`select url from chapter_pages where chapter_id = ${draft.id}`,
        )
      ).rows[0]!.url;

      const id = await t.app.jobs!.send(storageSweep, {});
      const run = await t.app.jobs!.waitFor(storageSweep, id!);
      expect(run).toMatchObject({ name: "storage.sweep", state: "completed", error: null });

      const remaining = filesIn(root);
      for (const orphan of orphans) expect(remaining).not.toContain(orphan);
      expect(remaining).not.toContain(stagedKey);
      expect(remaining).toContain(fresh);
      const kept = referencedBefore.filter((k) => k !== stagedKey);
      expect(kept).toHaveLength(3);
      for (const key of kept) {
        expect(remaining).toContain(key);
        const res = await t.app.inject({ method: "GET", url: `/files/${key}` });
        expect(res.statusCode).toBe(200);
      }
      const view = await call(t, owner, "GET", `/api/chapters/${chapter.id}`);
      expect(view.json().pages).toHaveLength(2);
      const draftView = await call(t, owner, "GET", `/api/chapters/${draft.id}`);
      expect(draftView.json().pages).toHaveLength(0);
      expect(statSync(join(root, comic.thumbnail)).isFile()).toBe(true);
    });
  },
);

describe("storage.sweep on S3 (s3rver), grace period 0", () => {
  it("deletes the unreferenced objects and keeps the referenced ones", { timeout: 60_000 }, async () => {
    const S3rver = createRequire(import.meta.url)("s3rver") as new (
      o: Record<string, unknown>,
    ) => { run(): Promise<AddressInfo>; close(): Promise<void> };
    const dir = mkdtempSync(join(tmpdir(), "vt-sweep-s3-"));
    const s3server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      directory: dir,
      silent: true,
      configureBuckets: [{ name: "sweep" }],
    });
    const { port } = await s3server.run();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => s3server.close());
    const storage = createS3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket: "sweep",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      publicUrl: "https://cdn.example.test/media",
      forcePathStyle: true,
    });
    cleanups.push(() => storage.close());
    const database = await createTestDatabase();
    cleanups.push(() => database.close());

    const put = (prefix: "users" | "teams") =>
      storage.put(Buffer.from("x"), { prefix, ext: "png", contentType: "image/png" });
    const avatar = await put("users");
    const logo = await put("teams");
    const orphanA = await put("users");
    const orphanB = await put("teams");
    await database.db.execute(
      sql`insert into users (email, name, avatar, identity_issuer, identity_subject)
          values ('s3@example.com', 'S3', ${storage.publicUrl(avatar)}, 'test', 's3')`,
    );
    await database.db.execute(sql`insert into teams (name, logo) values ('Nhóm S3', ${logo})`);

    const config = { ...(await sweepConfig()), storageSweepGraceHours: 0 } satisfies Config;
    const result = await storageSweep.run({}, { db: database.db, database, storage, config, log: silent });
    expect(result).toMatchObject({ deleted: 2 });
    expect(await storage.exists(avatar)).toBe(true);
    expect(await storage.exists(logo)).toBe(true);
    expect(await storage.exists(orphanA)).toBe(false);
    expect(await storage.exists(orphanB)).toBe(false);
  });
});

describe("storage.sweep: staged direct uploads (tmp/)", () => {
  it("deletes a staged object once no ticket can confirm it, whatever the grace period, and drops expired claims", {
    timeout: 60_000,
  }, async () => {
    const root = mkdtempSync(join(tmpdir(), "vt-sweep-staged-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const storage = await createLocalStorage({ root, publicBaseUrl: "http://localhost:3000/files" });
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const put = (prefix: "tmp" | "users") =>
      storage.put(Buffer.from("x"), { prefix, ext: "png", contentType: "image/png" });
    const setAge = (key: string, seconds: number) => {
      const when = new Date(Date.now() - seconds * 1000);
      utimesSync(join(root, key), when, when);
    };
    const expired = await put("tmp");
    setAge(expired, STAGED_MAX_AGE_SECONDS + 60);
    const live = await put("tmp");
    setAge(live, PRESIGN_SECONDS + 60); // URL expired, but a confirm may still come
    const orphan = await put("users");
    setAge(orphan, STAGED_MAX_AGE_SECONDS + 60); // an ordinary orphan waits for the grace period
    await database.db.insert(directUploadClaims).values([
      {
        key: "tmp/2026/01/old.png",
        claimedAt: new Date(Date.now() - (STAGED_MAX_AGE_SECONDS + 60) * 1000),
      },
      { key: "tmp/2026/01/new.png" },
    ]);

    const config = { ...(await sweepConfig()), storageSweepGraceHours: 24 } satisfies Config;
    const result = await storageSweep.run({}, { db: database.db, database, storage, config, log: silent });
    expect(result).toMatchObject({ deleted: 1, claims: 1 });
    expect(await storage.exists(expired)).toBe(false);
    expect(await storage.exists(live)).toBe(true);
    expect(await storage.exists(orphan)).toBe(true);
    const claims = await database.db.select({ key: directUploadClaims.key }).from(directUploadClaims);
    expect(claims.map((c) => c.key)).toEqual(["tmp/2026/01/new.png"]);

    // With no grace period at all, a staged object a ticket may still confirm stays.
    const noGrace = { ...config, storageSweepGraceHours: 0 } satisfies Config;
    const again = await storageSweep.run(
      {},
      { db: database.db, database, storage, config: noGrace, log: silent },
    );
    expect(again).toMatchObject({ deleted: 1 });
    expect(await storage.exists(live)).toBe(true);
    expect(await storage.exists(orphan)).toBe(false);
  });
});

async function sweepConfig(): Promise<Config> {
  const dataDir = mkdtempSync(join(tmpdir(), "vt-sweep-cfg-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return testConfig(dataDir);
}

describe("storage references", () => {
  it("finds the key in a key, in a public URL of local or S3 storage, and nothing in a foreign URL", () => {
    expect(keyOfReference("comics/2026/11/abc.jpg")).toBe("comics/2026/11/abc.jpg");
    expect(keyOfReference("http://localhost:3000/files/users/2026/11/x_avatar.png")).toBe(
      "users/2026/11/x_avatar.png",
    );
    expect(keyOfReference("https://cdn.example.test/media/teams/2026/11/y.webp")).toBe(
      "teams/2026/11/y.webp",
    );
    expect(keyOfReference("https://elsewhere.example/img/1.jpg")).toBeNull();
  });

  it("every column that looks like a file reference is either swept-aware or declared not one", async () => {
    const database: Database = await createTestDatabase();
    cleanups.push(() => database.close());
    const { rows } = await database.db.execute<{ col: string }>(sql`
      select table_name || '.' || column_name as col
        from information_schema.columns
       where table_schema = 'public'
         and data_type in ('text', 'jsonb', 'character varying')
         and column_name ~ '(image|url|cover|logo|avatar|thumbnail|key|pages|file|photo|banner|qr|art|picture|icon)'
       order by 1`);
    const classified = new Set([...Object.keys(STORAGE_REFERENCES), ...Object.keys(NOT_STORAGE_REFERENCES)]);
    expect(rows.map((r) => r.col).filter((c) => !classified.has(c))).toEqual([]);
  });
});
