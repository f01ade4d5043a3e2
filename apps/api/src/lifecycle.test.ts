import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { shutdown } from "./lifecycle";

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

let t: TestApp | undefined;
afterAll(() => t?.close());

describe("graceful shutdown", () => {
  it("finishes an in-flight request, then closes the server and the database", async () => {
    let entered!: () => void;
    const handlerEntered = new Promise<void>((r) => {
      entered = r;
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    t = await createTestApp({
      setup: (app) => {
        app.get("/api/test/slow", async () => {
          entered();
          await gate;
          const { rows } = await app.db.execute<{ n: number }>(sql`select 42 as n`);
          return { n: rows[0]?.n };
        });
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (t.app.server.address() as AddressInfo).port;

    const inFlight = get(port, "/api/test/slow");
    await handlerEntered;

    let finished = false;
    const stopping = shutdown({ app: t.app, database: t.database }).then((clean) => {
      finished = true;
      return clean;
    });
    // Wait (by event-loop turns, not time) until the listener is closed; the request is still held.
    for (let i = 0; i < 10_000 && t.app.server.listening; i++) await new Promise((r) => setImmediate(r));
    expect(t.app.server.listening).toBe(false);
    expect(finished).toBe(false);
    await expect(get(port, "/api/health")).rejects.toThrow(/ECONNREFUSED/);

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ n: 42 });
    expect(await stopping).toBe(true);
    await expect(t.database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
