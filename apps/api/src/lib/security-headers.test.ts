import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

// The dashboard must not be framed (frame-ancestors and X-Frame-Options), lib/security-headers.ts.
describe("framing and content-security headers", () => {
  let t: TestApp;
  let web: string;
  const inline = "document.documentElement.lang = 'vi';";
  const loginInline = "document.documentElement.lang = 'en';";

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), "vt-web-"));
    writeFileSync(
      join(web, "index.html"),
      `<!doctype html><html><head><script>${inline}</script></head><body><script type="module" src="/assets/a.js"></script></body></html>`,
    );
    writeFileSync(
      join(web, "login.html"),
      `<!doctype html><html><head><script>${loginInline}</script></head><body></body></html>`,
    );
    t = await createTestApp({ webDist: web });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("sends frame-ancestors 'none' and X-Frame-Options DENY on the dashboard HTML, SPA routes and the API", async () => {
    for (const url of ["/", "/comics/12", "/api/health", "/api/users/me", "/api/no-such-route"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(res.headers["x-frame-options"], url).toBe("DENY");
      expect(res.headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
    }
  });

  it("allows the page's own inline theme script by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    const csp = String(res.headers["content-security-policy"]);
    const hash = createHash("sha256").update(inline).digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("'unsafe-inline' 'sha256");
    // The sign-in page's document (login.html, served at /login) has its inline script allowed too.
    const login = await t.app.inject({ method: "GET", url: "/login", headers: { accept: "text/html" } });
    expect(login.body).toContain(loginInline);
    const loginHash = createHash("sha256").update(loginInline).digest("base64");
    expect(String(login.headers["content-security-policy"])).toContain(`'sha256-${loginHash}'`);
    expect(csp).toMatch(/worker-src 'self' blob:/);
    expect(csp).toMatch(/img-src [^;]*blob:/);
  });

  it("leaves the stored files' own sandbox policy in place", async () => {
    const key = await t.storage.put(Buffer.from("hello"), {
      prefix: "teams",
      ext: "txt",
      contentType: "text/plain",
    });
    const res = await t.app.inject({ method: "GET", url: `/files/${key}` });
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
  });
});
