import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";

let t: TestApp;
let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const image = sharp({ create: { width: 4, height: 4, channels: 3, background: "#3a7" } });
  png = await image.clone().png().toBuffer();
  jpeg = await image.clone().jpeg().toBuffer();
  // A secret next to the storage root that no URL may reveal.
  writeFileSync(join(t.dataDir, "secret.txt"), "TOP SECRET");
});
afterAll(() => t?.close());

describe("GET /files/*", () => {
  it("serves an image with its detected type, nosniff and a long immutable cache", async () => {
    const key = await t.storage.put(png, { prefix: "comics", ext: "png", contentType: "image/png" });
    const res = await t.app.inject({ method: "GET", url: `/files/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-disposition"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(png.length);
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it("trusts the bytes, not the extension", async () => {
    const key = await t.storage.put(jpeg, { prefix: "comics", ext: "png", contentType: "image/png" });
    const res = await t.app.inject({ method: "GET", url: `/files/${key}` });
    expect(res.headers["content-type"]).toBe("image/jpeg");
  });

  it.each([
    ["html", "<!doctype html><script>alert(document.cookie)</script>"],
    ["svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ["jpg", "<html><body>not really a jpeg</body></html>"],
  ])("serves .%s content that is not a safe image as an octet-stream attachment", async (ext, content) => {
    const key = await t.storage.put(Buffer.from(content), { prefix: "users", ext, contentType: "text/html" });
    const res = await t.app.inject({ method: "GET", url: `/files/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/octet-stream");
    expect(res.headers["content-disposition"]).toMatch(/^attachment/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("sandbox");
  });

  it("returns 404 for a missing key", async () => {
    const res = await t.app.inject({ method: "GET", url: "/files/comics/2026/01/missing.jpg" });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("NOT_FOUND");
  });

  it.each([
    "/files/../secret.txt",
    "/files/..%2fsecret.txt",
    "/files/comics/..%2f..%2fsecret.txt",
    "/files/%2e%2e/secret.txt",
    "/files/%2e%2e%2fsecret.txt",
    "/files/comics%5c..%5c..%5csecret.txt",
    "/files/comics/%00/../../secret.txt",
    "/files//etc/passwd",
    "/files/%2Fetc%2Fpasswd",
    "/files/comics/escape/secret.txt",
  ])("refuses traversal %s without revealing anything outside the root", async (url) => {
    mkdirSync(join(t.config.storageDir, "comics"), { recursive: true });
    try {
      symlinkSync(t.dataDir, join(t.config.storageDir, "comics", "escape"));
    } catch {}
    const res = await t.app.inject({ method: "GET", url });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain("TOP SECRET");
    expect(res.body).not.toContain("root:");
  });
});
