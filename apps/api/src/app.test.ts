import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test/app";
import { SESSION_COOKIE } from "./auth/session";
import { AppError } from "./lib/app-error";

// Throwaway routes exercising the error handler, registered only in this test.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/probe",
    {
      schema: {
        body: z.strictObject({
          title: z.string().min(1),
          order: z.number().min(0),
          pages: z.array(z.object({ url: z.string() })).min(1),
        }),
        querystring: z.object({ limit: z.coerce.number().int().max(100).optional() }),
      },
    },
    async (request) => ({ ok: true, title: request.body.title }),
  );
  app.post("/conflict", async () => {
    throw new AppError("CONFLICT", undefined, { errors: ["slug already used"] });
  });
  app.get("/boom", async () => {
    throw new Error("connection string postgres://admin:hunter2@db leaked");
  });
  app.get("/literal", async () => {
    throw new AppError("BAD_REQUEST", "Chapter has no pages");
  });
};

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "vt-dist-"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Vườn Truyện Studio</title>");
  writeFileSync(join(dist, "login.html"), "<!doctype html><title>Vườn Truyện Studio</title><!-- sign-in -->");
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log('app')");
  writeFileSync(join(dist, "assets", "index-abc123.js.gz"), gzipSync("console.log('app')"));
  writeFileSync(join(dist, "favicon.svg"), "<svg/>");
  writeFileSync(join(dist, "download-sw.js"), "self.addEventListener('fetch', () => {})");
  t = await createTestApp({
    webDist: dist,
    setup: async (app) => {
      await app.register(probeRoutes, { prefix: "/api/test" });
    },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const validBody = { title: "Một", order: 1, pages: [{ url: "comics/a.jpg" }] };

describe("error bodies", () => {
  it("answers a valid call normally", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/probe",
      headers: t.headers,
      payload: validBody,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, title: "Một" });
  });

  it("422 VALIDATION lists one message per issue, each naming its field", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/probe",
      headers: { ...t.headers, "x-custom-lang": "en" },
      payload: { title: "", order: -1, pages: [{}], role: "admin" },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe("VALIDATION");
    expect(typeof body.message).toBe("string");
    expect(body.errors).toHaveLength(4);
    // Fields in words and catalogue sentences, never property names or zod's text
    // (docs/glossary.md, "Rules the tests hold").
    expect(body.errors).toEqual(
      expect.arrayContaining([
        "Title is required",
        "Order: Must be greater than or equal to 0",
        "Link is required",
        "Fields not supported: Role",
      ]),
    );
  });

  it("422 messages follow x-custom-lang (vi by default)", async () => {
    const payload = { ...validBody, order: "x" };
    const vi = await t.app.inject({ method: "POST", url: "/api/test/probe", headers: t.headers, payload });
    const en = await t.app.inject({
      method: "POST",
      url: "/api/test/probe",
      headers: { ...t.headers, "x-custom-lang": "en" },
      payload,
    });
    expect(vi.statusCode).toBe(422);
    expect(vi.json().errors[0]).toBe("Số thứ tự: Giá trị không hợp lệ");
    expect(en.json().errors[0]).toBe("Order: Invalid value");
    expect(vi.json().errors[0]).not.toBe(en.json().errors[0]);
    expect(vi.json().message).not.toBe(en.json().message);
  });

  it("names query-string fields too", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/probe?limit=1000",
      headers: t.headers,
      payload: validBody,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(["Số mục mỗi trang: Giá trị phải nhỏ hơn hoặc bằng 100"]);
  });

  it("maps AppError codes to their status and keeps the errors list", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/test/conflict", headers: t.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: expect.any(String),
      code: "CONFLICT",
      errors: ["slug already used"],
    });
  });

  it("sends literal AppError text as the message", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test/literal" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Chapter has no pages", code: "BAD_REQUEST" });
  });

  it("hides internals of unexpected errors behind a generic 500", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/test/boom",
      headers: { "x-custom-lang": "en" },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: expect.any(String), code: "INTERNAL" });
    expect(res.body).not.toMatch(/hunter2|postgres|stack|Error:/);
  });

  it("rejects malformed JSON with 400 BAD_REQUEST", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/probe",
      headers: { ...t.headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("BAD_REQUEST");
  });
});

describe("unknown paths", () => {
  it.each(["/api/nope", "/api/comics/1/nothing", "/auth/nope", "/files/comics/none.jpg"])(
    "GET %s is a JSON 404 even for a browser",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: expect.any(String), code: "NOT_FOUND" });
    },
  );

  it("a state-changing call to an unknown /api path is refused or not found, never served", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/api/nope", headers: t.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("NOT_FOUND");
  });
});

describe("request ids", () => {
  it("returns a generated UUID in x-request-id", async () => {
    const a = await t.app.inject({ method: "GET", url: "/api/health" });
    const b = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(a.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });

  it("keeps a well-formed incoming id and replaces a malformed one", async () => {
    const kept = await t.app.inject({
      method: "GET",
      url: "/api/nope",
      headers: { "x-request-id": "lb-12345678" },
    });
    expect(kept.headers["x-request-id"]).toBe("lb-12345678");
    const replaced = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "<script>" },
    });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("requireAppOrigin (CSRF)", () => {
  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: "POST", url: "/api/test/probe", headers, payload: validBody });

  it("rejects a state-changing call without x-app-origin or Origin", async () => {
    const res = await post({});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String), code: "FORBIDDEN" });
  });

  it("rejects an untrusted origin", async () => {
    expect((await post({ "x-app-origin": "https://evil.example" })).statusCode).toBe(403);
    expect((await post({ origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await post({ "x-app-origin": TEST_ORIGIN, origin: "https://evil.example" })).statusCode).toBe(
      403,
    );
    expect((await post({ "x-app-origin": "null" })).statusCode).toBe(403);
  });

  it("accepts a trusted x-app-origin or browser Origin", async () => {
    expect((await post({ "x-app-origin": TEST_ORIGIN })).statusCode).toBe(200);
    expect((await post({ origin: TEST_ORIGIN })).statusCode).toBe(200);
    expect((await post({ "x-app-origin": `${TEST_ORIGIN}/`, origin: TEST_ORIGIN })).statusCode).toBe(200);
  });

  it("leaves reads alone", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});

describe("dashboard", () => {
  it("serves index.html for client routes with no-cache", async () => {
    // A session cookie is not checked here: the dashboard asks for the session, and its guard acts.
    const cookie = `${SESSION_COOKIE}=ended-or-not`;
    for (const [url, headers] of [
      ["/", { cookie }],
      ["/comics", { cookie }],
      ["/teams/12/members?tab=1", { cookie }],
      ["/comics/login", { cookie }],
      // Public, or the router's 404 page: served with or without a session.
      ["/verify-email?token=abc", {}],
      ["/login-history", {}],
      ["/comics/12/nope", {}],
    ] as const) {
      const res = await t.app.inject({
        method: "GET",
        url,
        headers: { accept: "text/html,*/*", ...headers },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("Vườn Truyện Studio");
      expect(res.body, url).not.toContain("sign-in");
    }
  });

  it("serves the sign-in page's own document (login.html) at /login, with no-cache", async () => {
    for (const url of ["/login", "/login?next=%2Fcomics&view=register", "/login/"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { accept: "text/html,*/*" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body, url).toContain("<!-- sign-in -->");
    }
  });

  it("sends a visitor without a session cookie from a dashboard page to the sign-in page, keeping the address", async () => {
    const cases: [string, string | null][] = [
      // The home: plain /login, where signing in lands anyway.
      ["/", null],
      ["/comics", "/comics"],
      ["/comics/12/chapters/340?tab=pages&page=2", "/comics/12/chapters/340?tab=pages&page=2"],
      ["/teams/3/", "/teams/3/"],
    ];
    for (const [url, next] of cases) {
      for (const method of ["GET", "HEAD"] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { accept: "text/html,*/*", cookie: "theme=dark" },
        });
        expect(res.statusCode, url).toBe(302);
        expect(res.headers["cache-control"]).toBe("no-store");
        const location = new URL(res.headers.location!, "http://x");
        expect(location.pathname).toBe("/login");
        expect(location.searchParams.get("next"), url).toBe(next);
      }
    }
  });

  it("redirects / to the sign-in page for any client, not only a browser asking for HTML", async () => {
    for (const headers of [{}, { accept: "*/*" }, { accept: "application/json" }]) {
      for (const url of ["/", "/?utm=x"]) {
        const res = await t.app.inject({ method: "GET", url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(302);
        expect(new URL(res.headers.location!, "http://x").pathname).toBe("/login");
      }
    }
    // With a session cookie the same request gets the dashboard.
    const signedIn = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { cookie: `${SESSION_COOKIE}=x` },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["content-type"]).toMatch(/^text\/html/);
    // Other addresses keep answering JSON to a client that does not ask for HTML.
    expect((await t.app.inject({ method: "GET", url: "/comics" })).statusCode).toBe(404);
  });

  it("logs static files at debug and pages and API calls at info", async () => {
    const lines: { msg?: string; req?: { url?: string }; level?: number }[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    const logged = await createTestApp({ webDist: dist, logger: { level: "info", stream } });
    try {
      const urls = (level: number) =>
        lines.filter((l) => l.msg === "incoming request" && l.level === level).map((l) => l.req?.url);
      await logged.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
      await logged.app.inject({ method: "GET", url: "/favicon.svg" });
      await logged.app.inject({ method: "GET", url: "/login", headers: { accept: "text/html" } });
      await logged.app.inject({ method: "GET", url: "/comics/12", headers: { accept: "text/html" } });
      await logged.app.inject({ method: "GET", url: "/api/health/live" });
      await logged.app.inject({ method: "GET", url: "/assets/missing-1.js" });
      expect(urls(30)).toEqual(["/login", "/comics/12", "/api/health/live"]);
      const completed = lines.filter((l) => l.msg === "request completed" && l.level === 30);
      // A missing file (404) is still worth an info line.
      expect(completed).toHaveLength(4);
    } finally {
      await logged.close();
    }
  });

  it("serves hashed assets with a year-long immutable cache", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("serves the download service worker from the root, revalidated on every registration", async () => {
    const res = await t.app.inject({ method: "GET", url: "/download-sw.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    const icon = await t.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("sends the precompressed asset to a client that accepts gzip, and the plain one otherwise", async () => {
    const gz = await t.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gunzipSync(gz.rawPayload).toString()).toBe("console.log('app')");
    const plain = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log('app')");
  });

  it("does not fall back to index.html for missing assets or non-HTML requests", async () => {
    const asset = await t.app.inject({
      method: "GET",
      url: "/assets/missing-999.js",
      headers: { accept: "*/*" },
    });
    expect(asset.statusCode).toBe(404);
    expect(asset.json().code).toBe("NOT_FOUND");
    const post = await t.app.inject({ method: "POST", url: "/comics", headers: { accept: "text/html" } });
    expect(post.statusCode).toBe(404);
  });
});

describe("OpenAPI", () => {
  it("serves the generated document at /api/docs/json and the UI at /api/docs", async () => {
    const json = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/api/health"].get.responses["200"]).toBeDefined();
    expect(doc.paths["/api/test/probe"].post.requestBody).toBeDefined();
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toMatch(/text\/html/);
  });
});
