/**
 * The database goes away and comes back (PostgreSQL behind a TCP proxy the test cuts): every call
 * that needs it answers 503 with a translated message and Retry-After, never 500; the instance
 * logs ONE warning for the outage (the job engine's failing polls and the readiness probe's
 * included) and one line when it is back; /api/health/ready is 503 meanwhile. And on both
 * databases: a failed query's "request failed" line holds its SQL text but never its parameters.
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, runMigrations } from "../src/db/client";
import { translate } from "../src/lib/messages";
import { createTestApp, type TestApp } from "./app";
import { createPostgresDatabase, testDatabaseUrl } from "./db";
import { call, createUser, type TestUser } from "./fixtures/api";
import { startTcpProxy, type TcpProxy } from "./fixtures/tcp-proxy";

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A logger stream that keeps every line. */
function captureLog() {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split("\n")) if (line) raw.push(line);
      done();
    },
  });
  return { stream, raw, lines: (from = 0) => raw.slice(from).map((line) => JSON.parse(line) as LogLine) };
}

/** Polls `check` until it holds (states, not time: the loop ends when the state is reached). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

describe("log lines of a failed query", () => {
  const log = captureLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: "info", stream: log.stream },
      setup: (app) => {
        app.get("/api/test-only/failing-query", async () => {
          await app.db.execute(sql`select ${"secret-parameter-value"}::text as v, 1 / 0 as boom`);
          return { ok: true };
        });
      },
    });
  });
  afterAll(() => t?.close());

  it("name the SQL and the database's message, never the parameters", async () => {
    const res = await call(t, null, "GET", "/api/test-only/failing-query");
    expect(res.statusCode).toBe(500);
    const failed = log.lines().filter((line) => line.msg === "request failed");
    expect(failed).toHaveLength(1);
    const text = log.raw.join("\n");
    expect(text).toContain("division by zero");
    expect(text).toContain("1 / 0 as boom");
    expect(text).not.toContain("secret-parameter-value");
  });
});

const serverUrl = testDatabaseUrl();
describe.skipIf(!serverUrl)("a database outage (PostgreSQL behind a proxy the test cuts)", () => {
  const log = captureLog();
  let proxy: TcpProxy;
  let drop: () => Promise<void>;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    const made = await createPostgresDatabase(serverUrl!);
    drop = made.drop;
    const server = new URL(made.url);
    proxy = await startTcpProxy(server.hostname, Number(server.port || 5432));
    server.hostname = "127.0.0.1";
    server.port = String(proxy.port);
    const database = await createDatabase({ databaseUrl: server.toString(), poolSize: 4 });
    await runMigrations(database);
    t = await createTestApp({ database, jobs: true, logger: { level: "info", stream: log.stream } });
    user = await createUser(t);
  }, 120_000);
  afterAll(async () => {
    proxy?.restore();
    await t?.close();
    await proxy?.close();
    await drop?.();
  });

  it("answers 503 + Retry-After with a translated message, logs one warning, and one line when back", async () => {
    expect((await call(t, user, "GET", "/api/users/me")).statusCode).toBe(200);
    const from = log.raw.length;
    proxy.cut();

    const me = await call(t, user, "GET", "/api/users/me");
    expect(me.statusCode, me.body).toBe(503);
    expect(me.headers["retry-after"]).toBe("5");
    expect(me.json()).toEqual({
      message: translate("vi", "errors.SERVICE_UNAVAILABLE"),
      code: "SERVICE_UNAVAILABLE",
    });
    const en = await call(t, user, "GET", "/api/users/me", { headers: { "x-custom-lang": "en" } });
    expect(en.statusCode).toBe(503);
    expect(en.json().message).toBe(translate("en", "errors.SERVICE_UNAVAILABLE"));
    expect(en.json().message).not.toBe(me.json().message);

    // Writes, reads, the identity provider and the plain health check alike.
    const calls = [
      call(t, user, "POST", "/api/teams", { payload: { name: "Nhóm Mất Mạng" } }),
      call(t, user, "GET", "/api/comics"),
      call(t, user, "GET", "/api/notifications"),
      call(t, null, "POST", "/auth/sign-in/email", {
        payload: { email: "someone@example.com", password: "correct horse battery" },
      }),
      call(t, null, "GET", "/api/health"),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
    }
    for (let i = 0; i < 10; i++) expect((await call(t, user, "GET", "/api/users/me")).statusCode).toBe(503);

    // Not ready (out of the load balancer), yet alive (no restart).
    const ready = await call(t, null, "GET", "/api/health/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.db).toBe("failing");
    expect((await call(t, null, "GET", "/api/health/live")).statusCode).toBe(200);

    // The job engine keeps polling and failing: its errors are absorbed too.
    await until(() => (t.app.dbOutage.absorbed.jobs ?? 0) >= 3, "the job engine failed three polls");
    const during = log.lines(from);
    const loud = during.filter((line) => line.level >= 40);
    expect(loud.map((line) => line.msg)).toEqual([
      "database unreachable: calls that need it answer 503 until it is back",
    ]);
    expect(during.some((line) => line.msg === "request failed")).toBe(false);

    proxy.restore();
    await until(
      () => log.lines(from).some((line) => line.msg === "database reachable again"),
      "a line saying the database is back",
    );
    expect((await call(t, user, "GET", "/api/users/me")).statusCode).toBe(200);
    expect((await call(t, null, "GET", "/api/health/ready")).statusCode).toBe(200);
    const all = log.lines(from);
    expect(all.filter((line) => line.level >= 40)).toHaveLength(1);
    expect(all.filter((line) => line.msg === "database reachable again")).toHaveLength(1);
    const text = log.raw.slice(from).join("\n");
    expect(text).not.toMatch(/select|insert|update /i);
  }, 120_000);
});
