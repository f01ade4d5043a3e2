/**
 * Two instances, one truth: two real server processes (`node --import tsx src/server.ts`, as
 * `npm start` runs it) on ONE fresh PostgreSQL database and ONE S3-compatible store (s3rver),
 * driven alternately over HTTP. Runs when TEST_DATABASE_URL is set (npm test's PostgreSQL pass).
 *
 * Covered: migrations run once when both start together; a session made on one works on the
 * other; the sign-in rate limit is shared; concurrent reorders, publishes and merges through both
 * leave consistent data; a scheduled job runs once per tick, on one of them, not twice; SIGKILL of
 * one mid-upload loses no acknowledged page and the other serves on; on S3 a chapter's pages go
 * straight to the bucket (presigned on one, confirmed on the other): no instance receives page bytes.
 * Through Debian's nginx with deploy/nginx.conf in front of both: sign-in (the client's address
 * from X-Forwarded-For recorded, a forged one ignored), the rate limit per client address, a
 * multi-megabyte page upload; and in front of a third, local-storage instance, pages downloaded
 * through /files/. Without nginx (/usr/sbin/nginx) those fail with a message saying so.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/auth/session";
import { createDatabase, MIGRATIONS_FOLDER } from "../src/db/client";
import { JOBS } from "../src/jobs/registry";
import { createTestApp, type TestApp } from "./app";
import { CookieJar } from "./cookie-jar";
import { testDatabaseUrl } from "./db";
import { multipart } from "./fixtures/api";
import {
  adminClient,
  call,
  comicWithChapter,
  type Instance,
  ORIGIN,
  page,
  S3rver,
  type S3rverInstance,
  signedIn,
  startInstance,
  uploadPages,
} from "./fixtures/instances";
import {
  type ClientCall,
  callFrom,
  hasNginx,
  NGINX,
  NGINX_TEMPLATE,
  type Nginx,
  startNginx,
} from "./fixtures/nginx";

const RATE_LIMIT = 4;

/** A page of noise: it does not compress, about 2 MB (nginx's default body limit is 1 MB). */
async function noisePage(filename: string) {
  const bytes = await sharp(randomBytes(1400 * 1500 * 3), { raw: { width: 1400, height: 1500, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { field: "files", filename, contentType: "image/jpeg", bytes };
}

/** Listens on a free port of 127.0.0.1; answers the port. */
async function listenOn(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return (t.app.server.address() as { port: number }).port;
}
const serverUrl = testDatabaseUrl();

let s3: S3rverInstance;
let s3Dir: string;
let bucketUrl: string;
let dbName: string;
let dbUrl: string;
let a: Instance;
let b: Instance;
let db: pg.Pool;
const dataDirs: string[] = [];

describe.skipIf(!serverUrl)("two instances on one PostgreSQL and one S3 store", () => {
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let teamId: number;

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), "vt-two-s3-"));
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: "vt-two" }],
    });
    const s3Address = await s3.run();
    const s3Url = `http://127.0.0.1:${s3Address.port}`;
    bucketUrl = `${s3Url}/vt-two`;

    dbName = `vt_two_${process.pid}_${randomBytes(4).toString("hex")}`;
    const client = adminClient(serverUrl!);
    await client.connect();
    await client.query(`CREATE DATABASE "${dbName}"`);
    await client.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    db = new pg.Pool({ connectionString: dbUrl, max: 2 });

    const env = (name: string) => {
      const dataDir = mkdtempSync(join(tmpdir(), `vt-two-${name}-`));
      dataDirs.push(dataDir);
      return {
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl,
        PUBLIC_URL: ORIGIN,
        TRUST_PROXY: "true",
        AUTH_SECRET: "two-instances-secret-two-instances-secret",
        AUTH_RATE_LIMIT: String(RATE_LIMIT),
        S3_BUCKET: "vt-two",
        S3_ENDPOINT: s3Url,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_PUBLIC_URL: bucketUrl,
        S3_FORCE_PATH_STYLE: "true",
      };
    };
    // Both at once on an empty database: the migration lock must make one wait for the other.
    [a, b] = await Promise.all([startInstance("A", env("a")), startInstance("B", env("b"))]);
    owner = await signedIn(a, "203.0.113.10");
    const team = await call(b, "POST", "/api/teams", { jar: owner.jar, json: { name: "Nhóm Hai Máy" } });
    expect(team.status, team.text).toBe(201);
    teamId = team.json.id;
  }, 300_000);

  afterAll(async () => {
    for (const instance of [a, b]) instance?.proc.kill("SIGKILL");
    await db?.end();
    if (dbName) {
      const client = adminClient(serverUrl!);
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await client.end();
    }
    await s3?.close();
    for (const dir of [s3Dir, ...dataDirs]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("ran every migration exactly once although both started together", async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    const { rows } = await db.query<{ n: number; distinct_n: number }>(
      "select count(*)::int as n, count(distinct created_at)::int as distinct_n from drizzle.__drizzle_migrations",
    );
    expect(rows[0]).toEqual({ n: journal.entries.length, distinct_n: journal.entries.length });
    for (const instance of [a, b]) {
      const ready = await call(instance, "GET", "/api/health/ready");
      expect(ready.json).toEqual({ status: "ok", checks: { db: "ok", storage: "ok", jobs: "ok" } });
    }
    // The job queue's own schema was installed once too, under the same kind of start-up lock.
    const { rows: versions } = await db.query<{ n: number }>("select count(*)::int as n from pgboss.version");
    expect(versions[0]!.n).toBe(1);
    const { rows: schedules } = await db.query<{ name: string }>(
      "select name from pgboss.schedule order by name",
    );
    const scheduled = JOBS.filter((job) => job.cron)
      .map((job) => job.name)
      .sort();
    expect(scheduled).toContain("sessions.prune");
    expect(schedules.map((r) => r.name)).toEqual(scheduled);
  });

  it("a scheduled job runs once per tick on one of the two instances, not twice", {
    timeout: 240_000,
  }, async () => {
    // Both instances registered `sessions.prune` (hourly) at start and both run the cron pass and
    // workers. Make it due every minute, then wait for two ticks' jobs to have run.
    await db.query("update pgboss.schedule set cron = '* * * * *' where name = 'sessions.prune'");
    type Row = { id: string; state: string; slot: string };
    const jobs = async () =>
      (
        await db.query<Row>(
          `select id, state, to_char(date_trunc('minute', created_on), 'HH24:MI') as slot
               from pgboss.job where name = 'sessions.prune' order by created_on`,
        )
      ).rows;
    let rows: Row[] = [];
    for (let i = 0; i < 200; i++) {
      rows = await jobs();
      if (rows.filter((r) => r.state === "completed").length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const completed = rows.filter((r) => r.state === "completed");
    expect(completed.length, JSON.stringify(rows)).toBeGreaterThanOrEqual(2);
    // One job per minute however many instances ran the cron pass ...
    const slots = rows.map((r) => r.slot);
    expect(slots).toEqual([...new Set(slots)]);
    // ... and each job ran on exactly one instance (the handlers' log lines carry the job id).
    const finishedLines = [...a.log, ...b.log]
      .join("")
      .split("\n")
      .filter((line) => line.includes('"job finished"') && line.includes('"job":"sessions.prune"'));
    for (const job of completed) {
      expect(
        finishedLines.filter((line) => line.includes(job.id)),
        job.id,
      ).toHaveLength(1);
    }
    await db.query("update pgboss.schedule set cron = '7 * * * *' where name = 'sessions.prune'");
  });

  it("a session opened on one instance works on the other, and signing out on one ends it on both", async () => {
    const user = await signedIn(b, "203.0.113.20");
    const onA = await call(a, "GET", "/api/users/me", { jar: user.jar });
    expect(onA.status).toBe(200);
    expect(onA.json.email).toBe(user.email);
    // The identity provider's own session (made on B) mints ID tokens on A too.
    const token = await call(a, "GET", "/auth/token", { jar: user.jar, ip: "203.0.113.20" });
    expect(token.status).toBe(200);
    const cookie = `${SESSION_COOKIE}=${user.jar.get(SESSION_COOKIE)}`;
    const out = await call(a, "POST", "/api/users/logout", { jar: user.jar });
    expect(out.status).toBeLessThan(300);
    const afterOnB = await call(b, "GET", "/api/users/me", { headers: { cookie } });
    expect(afterOnB.status).toBe(401);
  });

  it("shares the sign-in rate limit: attempts through both instances count against one limit", async () => {
    const ip = "203.0.113.30";
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      const res = await call(i % 2 === 0 ? a : b, "POST", "/auth/sign-in/email", {
        ip,
        json: { email: "nobody@example.com", password: "wrong password here" },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429]);
    // Another client address is not affected.
    const other = await call(b, "POST", "/auth/sign-in/email", {
      ip: "203.0.113.31",
      json: { email: "nobody@example.com", password: "wrong password here" },
    });
    expect(other.status).toBe(401);
  });

  it("concurrent reorders and publishes through both leave one consistent page list", async () => {
    const { chapterId } = await comicWithChapter(a, owner.jar, teamId);
    const up = await uploadPages(b, owner.jar, chapterId, [1, 2, 3, 4, 5]);
    expect(up.status, up.text).toBe(201);
    const ids = (up.json.pages as { id: number }[]).map((p) => p.id);
    const forward = ids.map((id) => ({ id }));
    const backward = [...ids].reverse().map((id) => ({ id }));
    // Four saves based on the same version, two through each instance, at once: exactly one wins,
    // the others answer 409 (no save silently overwrites another).
    const detail = await call(a, "GET", `/api/chapters/${chapterId}`, { jar: owner.jar });
    const results = await Promise.all(
      [forward, backward, forward, backward].map((pages, i) =>
        call(i % 2 === 0 ? a : b, "PUT", `/api/chapters/${chapterId}`, {
          jar: owner.jar,
          json: { order: 1, pages, publish: true, version: detail.json.version },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join("\n")).toEqual([
      200, 409, 409, 409,
    ]);

    const { rows } = await db.query<{ id: number; position: number; staged: boolean }>(
      "select id, position, staged from chapter_pages where chapter_id = $1 order by position",
      [chapterId],
    );
    expect(rows.map((r) => r.staged)).toEqual([false, false, false, false, false]);
    expect(rows.map((r) => r.position)).toEqual([...new Set(rows.map((r) => r.position))]);
    const order = rows.map((r) => r.id);
    expect([ids, [...ids].reverse()]).toContainEqual(order);
    // Both instances answer the same chapter.
    const [onA, onB] = await Promise.all([
      call(a, "GET", `/api/chapters/${chapterId}`, { jar: owner.jar }),
      call(b, "GET", `/api/chapters/${chapterId}`, { jar: owner.jar }),
    ]);
    // A page's thumbnail (thumbSrc) may be stored by the thumbnail job between the two reads.
    const withoutThumbs = (json: Record<string, unknown>) => ({
      ...json,
      pages: (json.pages as Record<string, unknown>[]).map(({ thumbSrc: _, ...page }) => page),
    });
    expect(withoutThumbs(onA.json)).toEqual(withoutThumbs(onB.json));
    expect(onA.json.status).toBe("published");
    expect((onA.json.pages as { id: number }[]).map((p) => p.id)).toEqual(order);
  });

  it("the same merge sent to both at once is carried out once", async () => {
    await db.query("update users set role = 'admin' where id = $1", [owner.user.id]);
    const source = await comicWithChapter(a, owner.jar, teamId);
    const target = await comicWithChapter(b, owner.jar, teamId);
    const body = { comicId: source.comicId, targetComicId: target.comicId };
    const [ra, rb] = await Promise.all([
      call(a, "POST", "/api/comics/merge", { jar: owner.jar, json: body }),
      call(b, "POST", "/api/comics/merge", { jar: owner.jar, json: body }),
    ]);
    const statuses = [ra.status, rb.status].sort();
    expect(statuses[0], `${ra.text} ${rb.text}`).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    const { rows } = await db.query<{ comic_id: number; n: number }>(
      "select comic_id, count(*)::int as n from chapters where comic_id in ($1, $2) group by comic_id",
      [source.comicId, target.comicId],
    );
    expect(rows).toEqual([{ comic_id: target.comicId, n: 2 }]);
    const gone = await call(b, "GET", `/api/comics/${source.comicId}`, { jar: owner.jar });
    expect(gone.status).toBe(404);
  });

  it("direct uploads: pages go straight to the bucket, presigned on one instance and recorded on the other", async () => {
    const { chapterId } = await comicWithChapter(a, owner.jar, teamId);
    const bytes = await Promise.all([21, 22, 23].map((s) => page(s)));
    const presigned = await call(a, "POST", `/api/chapters/${chapterId}/pages/presign`, {
      jar: owner.jar,
      json: { files: bytes.map((b, i) => ({ name: `${i + 1}.jpg`, size: b.length, type: "image/jpeg" })) },
    });
    expect(presigned.status, presigned.text).toBe(200);
    const tickets = presigned.json.uploads as {
      key: string;
      token: string;
      url: string;
      headers: Record<string, string>;
    }[];
    for (const [i, ticket] of tickets.entries()) {
      expect(ticket.url.startsWith(`${bucketUrl}/`)).toBe(true);
      const { "content-length": _length, ...headers } = ticket.headers;
      const put = await fetch(ticket.url, { method: "PUT", headers, body: bytes[i] });
      expect(put.status).toBe(200);
    }
    const confirmed = await call(b, "POST", `/api/chapters/${chapterId}/pages/direct`, {
      jar: owner.jar,
      json: {
        files: tickets.map((ticket, i) => ({
          key: ticket.key,
          token: ticket.token,
          filename: `${i + 1}.jpg`,
        })),
      },
    });
    expect(confirmed.status, confirmed.text).toBe(201);
    const publish = await call(a, "PUT", `/api/chapters/${chapterId}`, {
      jar: owner.jar,
      json: {
        order: 1,
        pages: (confirmed.json.pages as { id: number }[]).map((p) => ({ id: p.id })),
        publish: true,
      },
    });
    expect(publish.status, publish.text).toBe(200);
    // The published pages read back from the bucket byte for byte ...
    // (copies out of the staged keys the browser wrote, which are gone).
    const pages = publish.json.pages as { url: string }[];
    for (const [i, p] of pages.entries()) {
      expect(p.url).toMatch(/^comics\//);
      expect(p.url).not.toBe(tickets[i]!.key);
      expect((await fetch(`${bucketUrl}/${tickets[i]!.key}`)).status).toBe(404);
    }
    for (const [i, p] of pages.entries()) {
      const object = Buffer.from(await (await fetch(`${bucketUrl}/${p.url}`)).arrayBuffer());
      expect(object.equals(bytes[i]!)).toBe(true);
    }
    // ... and neither instance's request log shows a page upload request (multipart page bytes).
    const requests = [...a.log, ...b.log]
      .join("")
      .split("\n")
      .filter((line) => line.includes(`/api/chapters/${chapterId}/`) && line.includes('"incoming request"'));
    const urls = requests.map((line) => (JSON.parse(line) as { req: { method: string; url: string } }).req);
    expect(urls.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      `POST /api/chapters/${chapterId}/pages/direct`,
      `POST /api/chapters/${chapterId}/pages/presign`,
    ]);
  });

  describe("through nginx (deploy/nginx.conf) in front of both", () => {
    let proxy: Nginx;
    const via = (method: string, path: string, options: ClientCall) =>
      callFrom(proxy.url, method, path, {
        ...options,
        headers: { "x-app-origin": ORIGIN, origin: ORIGIN, ...options.headers },
      });

    beforeAll(async () => {
      if (!hasNginx()) {
        throw new Error(
          `nginx is not installed (${NGINX}): apt-get install nginx (.ci/run does). ` +
            "The reverse-proxy tests cannot run without it.",
        );
      }
      proxy = await startNginx([a.url, b.url].map((url) => new URL(url).host));
    }, 60_000);
    afterAll(() => proxy?.stop());

    it("the committed config takes a full page request (8 pages of 7 MB and the form around them)", () => {
      const size = /client_max_body_size (\d+)m;/.exec(readFileSync(NGINX_TEMPLATE, "utf8"));
      expect(Number(size?.[1])).toBeGreaterThanOrEqual(57);
    });

    it("signs in through nginx; the instance records the client's address from X-Forwarded-For, not one the client forged", async () => {
      const jar = new CookieJar();
      const email = `nginx.${randomBytes(4).toString("hex")}@example.com`;
      const forged = { "x-forwarded-for": "203.0.113.66" };
      const up = await via("POST", "/auth/sign-up/email", {
        from: "127.0.0.2",
        jar,
        headers: forged,
        json: { name: "Qua Nginx", email, password: "correct horse battery" },
      });
      expect(up.status, up.text).toBe(200);
      const token = await via("GET", "/auth/token", { from: "127.0.0.2", jar });
      expect(token.status, token.text).toBe(200);
      const session = await via("POST", "/api/users/auth", {
        from: "127.0.0.2",
        jar,
        headers: forged,
        json: { token: token.json.token, email: null, name: null, avatar: null },
      });
      expect(session.status, session.text).toBe(200);
      // nginx passed its request id on; the instance answers with it.
      expect(session.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
      const { rows } = await db.query<{ ip: string }>("select ip from sessions where user_id = $1", [
        session.json.id,
      ]);
      expect(rows.map((r) => r.ip)).toEqual(["127.0.0.2"]);
      const me = await via("GET", "/api/users/me", { from: "127.0.0.2", jar });
      expect(me.status).toBe(200);
      expect(me.json.email).toBe(email);
    });

    it("the sign-in rate limit counts each client address nginx reports, across both instances", async () => {
      const attempt = (from: string) =>
        via("POST", "/auth/sign-in/email", {
          from,
          json: { email: "nobody@example.com", password: "wrong password here" },
        });
      const statuses: number[] = [];
      for (let i = 0; i < RATE_LIMIT + 1; i++) statuses.push((await attempt("127.0.0.3")).status);
      expect(statuses).toEqual([...Array(RATE_LIMIT).fill(401), 429]);
      expect((await attempt("127.0.0.4")).status).toBe(401);
    });

    it("a page upload of several megabytes goes through, and the published chapter's pages read back", async () => {
      const { chapterId } = await comicWithChapter(a, owner.jar, teamId);
      // Noise does not compress: about 2 MB a page, well past nginx's default 1 MB body limit.
      const files = await Promise.all([1, 2, 3].map((i) => noisePage(`${i}.jpg`)));
      const form = multipart(files);
      expect(form.payload.length).toBeGreaterThan(5 * 1024 * 1024);
      const up = await via("POST", `/api/chapters/${chapterId}/pages`, {
        from: "127.0.0.2",
        jar: owner.jar,
        body: form.payload,
        headers: form.headers,
      });
      expect(up.status, up.text).toBe(201);
      const ids = (up.json.pages as { id: number }[]).map((p) => ({ id: p.id }));
      const publish = await via("PUT", `/api/chapters/${chapterId}`, {
        from: "127.0.0.2",
        jar: owner.jar,
        json: { order: 1, pages: ids, publish: true },
      });
      expect(publish.status, publish.text).toBe(200);
      // What the dashboard's chapter zip is made of: the chapter, then each page's bytes.
      const detail = await via("GET", `/api/chapters/${chapterId}`, { from: "127.0.0.2", jar: owner.jar });
      expect(detail.status).toBe(200);
      const pages = detail.json.pages as { url: string }[];
      expect(pages).toHaveLength(3);
      for (const [i, p] of pages.entries()) {
        const object = Buffer.from(await (await fetch(`${bucketUrl}/${p.url}`)).arrayBuffer());
        expect(object.equals(files[i]!.bytes)).toBe(true);
      }
    });

    it("on local storage, a chapter's pages (what its zip is made of) download through nginx's /files/", async () => {
      // A third instance, in this process, on the same database but with local files (one
      // machine's setup): nginx in front of it alone.
      const database = await createDatabase({ databaseUrl: dbUrl, poolSize: 2 });
      const local = await createTestApp({
        database,
        env: {
          PUBLIC_URL: ORIGIN,
          TRUST_PROXY: "true",
          AUTH_SECRET: "two-instances-secret-two-instances-secret",
        },
      });
      const front = await startNginx([`127.0.0.1:${await listenOn(local)}`]);
      try {
        const through = (method: string, path: string, options: ClientCall) =>
          callFrom(front.url, method, path, {
            ...options,
            headers: { "x-app-origin": ORIGIN, origin: ORIGIN, ...options.headers },
          });
        const { chapterId } = await comicWithChapter(
          { name: "local", url: front.url, proc: a.proc, log: [] },
          owner.jar,
          teamId,
        );
        const files = await Promise.all([4, 5].map((i) => noisePage(`${i}.jpg`)));
        const form = multipart(files);
        const up = await through("POST", `/api/chapters/${chapterId}/pages`, {
          from: "127.0.0.5",
          jar: owner.jar,
          body: form.payload,
          headers: form.headers,
        });
        expect(up.status, up.text).toBe(201);
        const pages = up.json.pages as { id: number; url: string }[];
        for (const [i, p] of pages.entries()) {
          const file = await through("GET", `/files/${p.url}`, { from: "127.0.0.5" });
          expect(file.status).toBe(200);
          expect(file.bytes.equals(files[i]!.bytes)).toBe(true);
        }
      } finally {
        await front.stop();
        await local.close();
      }
    });
  });

  it("killing one instance mid-upload loses no acknowledged page, and the other serves on", async () => {
    const { chapterId } = await comicWithChapter(b, owner.jar, teamId);
    const acknowledged: number[] = [];
    for (const seeds of [
      [11, 12],
      [13, 14],
    ]) {
      const res = await uploadPages(a, owner.jar, chapterId, seeds);
      expect(res.status, res.text).toBe(201);
      acknowledged.push(...(res.json.pages as { id: number }[]).map((p) => p.id));
    }

    // A third upload to A: headers and half the body sent, then A is killed (kill -9).
    const files = await Promise.all(
      [15, 16, 17].map(async (s) => ({
        field: "files",
        filename: `${s}.jpg`,
        contentType: "image/jpeg",
        bytes: await page(s),
      })),
    );
    const form = multipart(files);
    const cut = new Promise<string>((resolve) => {
      const req = httpRequest(`${a.url}/api/chapters/${chapterId}/pages`, {
        method: "POST",
        headers: {
          ...form.headers,
          "content-length": String(form.payload.length),
          "x-app-origin": ORIGIN,
          cookie: owner.jar.header(),
        },
      });
      req.on("response", (res) => resolve(`answered ${res.statusCode}`));
      req.on("error", (error) => resolve(`cut: ${error.message}`));
      req.write(form.payload.subarray(0, Math.floor(form.payload.length / 2)), () => {
        setTimeout(() => a.proc.kill("SIGKILL"), 200);
      });
    });
    expect(await cut).toMatch(/^cut: /);

    const detail = await call(b, "GET", `/api/chapters/${chapterId}`, { jar: owner.jar });
    expect(detail.status).toBe(200);
    const pages = detail.json.pages as { id: number; url: string }[];
    expect(pages.map((p) => p.id)).toEqual(acknowledged);
    // Every acknowledged page's object is in the bucket (`url` is the platform's storage key).
    for (const p of pages) {
      const object = await fetch(`${bucketUrl}/${p.url}`);
      expect(object.status, p.url).toBe(200);
      expect((await object.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    // B serves on: upload the rest and publish.
    const rest = await uploadPages(b, owner.jar, chapterId, [15, 16, 17]);
    expect(rest.status, rest.text).toBe(201);
    const all = [...acknowledged, ...(rest.json.pages as { id: number }[]).map((p) => p.id)];
    const publish = await call(b, "PUT", `/api/chapters/${chapterId}`, {
      jar: owner.jar,
      json: { order: 1, pages: all.map((id) => ({ id })), publish: true },
    });
    expect(publish.status, publish.text).toBe(200);
    expect((publish.json.pages as { id: number }[]).map((p) => p.id)).toEqual(all);
    expect((await call(b, "GET", "/api/health/ready")).status).toBe(200);
  });
});
