/**
 * The S3 driver against a real S3-compatible server (s3rver, in-process on 127.0.0.1, port 0,
 * objects in a temporary folder). s3rver does not verify SigV4 signatures, so presigned URLs go
 * through a small proxy that checks them independently (AWS SigV4 query-string rules, written
 * here with node:crypto) before forwarding to s3rver, the way a real store would.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/app";
import { createTestDatabase } from "../../test/db";
import { buildApp } from "../app";
import type { S3Config } from "../config";
import { createStorage } from "./create-storage";
import { generateKey } from "./keys";
import { canPresign, createS3Storage, type S3Storage } from "./s3";
import { InvalidStorageKeyError } from "./storage";

/** The slice of s3rver (a test-only dev dependency without bundled types) used here. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;

const BUCKET = "vt-test-bucket";
const PUBLIC_URL = "https://cdn.example.test/media";

let dir: string;
let server: S3rverInstance;
let config: S3Config;
let storage: S3Storage;
/** Same bucket, but requests go through the signature-checking proxy. */
let proxied: S3Storage;
let proxy: Server;

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** Why a presigned (query-string SigV4) request is not acceptable, or null when it is. */
function presignedProblem(req: IncomingMessage, secret: string): string | null {
  const url = new URL(req.url!, "http://placeholder");
  const q = url.searchParams;
  const signature = q.get("X-Amz-Signature");
  const date = q.get("X-Amz-Date");
  const credential = q.get("X-Amz-Credential");
  const signedHeaders = q.get("X-Amz-SignedHeaders");
  const expires = Number(q.get("X-Amz-Expires"));
  if (!signature || !date || !credential || !signedHeaders || !expires) return "not presigned";
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
  if (!m) return "bad date";
  const signedAt = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  if (Date.now() > signedAt + expires * 1000) return "expired";
  const query = [...q.entries()]
    .filter(([k]) => k !== "X-Amz-Signature")
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const headerNames = signedHeaders.split(";");
  if (!headerNames.includes("host")) return "host not signed";
  const headers = headerNames
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, "UNSIGNED-PAYLOAD"].join("\n");
  const scope = credential.split("/").slice(1).join("/");
  const [day, region, service] = credential.split("/").slice(1);
  const toSign = ["AWS4-HMAC-SHA256", date, scope, createHash("sha256").update(canonical).digest("hex")].join(
    "\n",
  );
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), service!), "aws4_request");
  const expected = createHmac("sha256", key).update(toSign).digest();
  const given = Buffer.from(signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "signature mismatch";
  return null;
}

function startVerifyingProxy(target: number): Promise<number> {
  proxy = createServer((req, res) => {
    const problem = presignedProblem(req, config.secretAccessKey);
    if (problem) {
      req.resume();
      res.writeHead(403, { "content-type": "text/plain" }).end(problem);
      return;
    }
    const upstream = httpRequest(
      { host: "127.0.0.1", port: target, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, "127.0.0.1", () => resolve((proxy.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "vt-s3-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  config = {
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    bucket: BUCKET,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    publicUrl: PUBLIC_URL,
    forcePathStyle: true,
  };
  storage = createS3Storage(config);
  const proxyPort = await startVerifyingProxy(port);
  proxied = createS3Storage({ ...config, endpoint: `http://127.0.0.1:${proxyPort}` });
});

afterAll(async () => {
  storage?.close();
  proxied?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const proxyEndpoint = () => `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe("S3 storage", () => {
  it("puts a buffer under a generated key and gets, streams, checks and deletes it", async () => {
    const key = await storage.put(Buffer.from("page-1"), {
      prefix: "comics",
      ext: "jpg",
      contentType: "image/jpeg",
      suffix: "_1L5",
    });
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, "0");
    expect(key).toMatch(new RegExp(`^comics/${now.getUTCFullYear()}/${month}/[A-Za-z0-9_-]{16}_1L5\\.jpg$`));
    expect(storage.kind).toBe("s3");
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key))?.toString()).toBe("page-1");

    const object = await storage.stream(key);
    expect(object?.size).toBe(6);
    expect(object?.lastModified).toBeInstanceOf(Date);
    expect((await readAll(object!.stream)).toString()).toBe("page-1");

    // Stored with the content type given at put time.
    const raw = await fetch(`${config.endpoint}/${BUCKET}/${key}`);
    expect(raw.headers.get("content-type")).toBe("image/jpeg");

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("generates a different key for every put", async () => {
    const options = { prefix: "users", ext: "png", contentType: "image/png" } as const;
    const a = await storage.put(new Uint8Array([1, 2, 3]), options);
    const b = await storage.put(new Uint8Array([1, 2, 3]), options);
    expect(a).not.toBe(b);
    expect([...(await storage.get(a))!]).toEqual([1, 2, 3]);
  });

  it("puts a stream of unknown length, small (single PUT) and large (multipart)", async () => {
    const small = await storage.put(Readable.from([Buffer.from("ab"), Buffer.from("cd")]), {
      prefix: "tmp",
      ext: "bin",
      contentType: "application/octet-stream",
    });
    expect((await storage.get(small))?.toString()).toBe("abcd");

    // Three 5 MiB parts + a tail, fed in odd-sized chunks.
    const multipart = createS3Storage({ ...config, partSize: 5 * 1024 * 1024 });
    try {
      const big = Buffer.alloc(15 * 1024 * 1024 + 12345);
      for (let i = 0; i < big.length; i++) big[i] = (i * 31 + 7) & 0xff;
      const chunks: Buffer[] = [];
      for (let offset = 0; offset < big.length; offset += 777_777) {
        chunks.push(big.subarray(offset, offset + 777_777));
      }
      const key = await multipart.put(Readable.from(chunks), {
        prefix: "comics",
        ext: "zip",
        contentType: "application/zip",
      });
      const back = await multipart.get(key);
      expect(back?.length).toBe(big.length);
      expect(back?.equals(big)).toBe(true);
      expect((await multipart.stream(key))?.size).toBe(big.length);
    } finally {
      multipart.close();
    }
  });

  it("gives the public URL under S3_PUBLIC_URL", () => {
    expect(storage.publicUrl("teams/2025/01/abcdefghijklmnop.webp")).toBe(
      `${PUBLIC_URL}/teams/2025/01/abcdefghijklmnop.webp`,
    );
    const slash = createS3Storage({ ...config, publicUrl: `${PUBLIC_URL}/` });
    expect(slash.publicUrl("people/a.jpg")).toBe(`${PUBLIC_URL}/people/a.jpg`);
    slash.close();
  });

  it("refuses invalid keys and put options before any request", async () => {
    const bad = [
      "",
      "../etc/passwd",
      "comics/../../etc/passwd",
      "/comics/a.jpg",
      "comics//a.jpg",
      "comics/./a.jpg",
      "comics\\a.jpg",
      "comics/%2e%2e/a.jpg",
      "comics/a\0.jpg",
      "secrets/a.jpg",
      "a.jpg",
      `comics/${"a".repeat(600)}`,
    ];
    for (const key of bad) {
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.stream(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.presignPut(key, "image/jpeg"), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(() => storage.publicUrl(key), key).toThrow(InvalidStorageKeyError);
    }
    const body = Buffer.from("x");
    await expect(
      storage.put(body, { prefix: "etc" as never, ext: "jpg", contentType: "image/jpeg" }),
    ).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(
      storage.put(body, { prefix: "comics", ext: "../jpg", contentType: "image/jpeg" }),
    ).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(
      storage.put(body, { prefix: "comics", ext: "jpg", contentType: "image/jpeg", suffix: "/../x" }),
    ).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(
      storage.put(body, { prefix: "comics", ext: "jpg", contentType: "image/jpeg\r\nx-evil: 1" }),
    ).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it("presigns a PUT that a browser-style fetch can upload to", async () => {
    const key = generateKey({ prefix: "tmp", ext: "jpg", contentType: "image/jpeg" });
    const bytes = Buffer.from("direct-upload-bytes");
    const presigned = await proxied.presignPut(key, "image/jpeg", { contentLength: bytes.length });
    expect(presigned.method).toBe("PUT");
    expect(presigned.url.startsWith(`${proxyEndpoint()}/${BUCKET}/${key}?`)).toBe(true);
    expect(presigned.url).toContain("X-Amz-Signature=");
    expect(presigned.expiresAt.getTime()).toBeGreaterThan(Date.now());

    const response = await fetch(presigned.url, {
      method: "PUT",
      headers: { "content-type": presigned.headers["content-type"]! },
      body: bytes,
    });
    expect(response.status).toBe(200);
    expect((await storage.get(key))?.toString()).toBe("direct-upload-bytes");
    const head = await fetch(`${config.endpoint}/${BUCKET}/${key}`, { method: "HEAD" });
    expect(head.headers.get("content-type")).toBe("image/jpeg");

    // Without contentLength the size is not bound: any body of the signed type is accepted.
    const anySize = await proxied.presignPut(key, "image/jpeg");
    const bigger = Buffer.alloc(100_000, 7);
    const again = await fetch(anySize.url, { method: "PUT", headers: anySize.headers, body: bigger });
    expect(again.status).toBe(200);
    expect((await storage.get(key))?.equals(bigger)).toBe(true);
  });

  it("presigned PUTs refuse another content type, another size, a tampered key and expired URLs", async () => {
    const key = generateKey({ prefix: "tmp", ext: "png", contentType: "image/png" });
    const presigned = await proxied.presignPut(key, "image/png", { contentLength: 4 });
    const put = (url: string, contentType: string, body: Buffer) =>
      fetch(url, { method: "PUT", headers: { "content-type": contentType }, body });

    expect((await put(presigned.url, "text/html", Buffer.from("abcd"))).status).toBe(403);
    expect((await put(presigned.url, "image/png", Buffer.from("abcdefgh"))).status).toBe(403);
    const otherKey = generateKey({ prefix: "tmp", ext: "png", contentType: "image/png" });
    expect((await put(presigned.url.replace(key, otherKey), "image/png", Buffer.from("abcd"))).status).toBe(
      403,
    );
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(otherKey)).toBe(false);

    const shortLived = await proxied.presignPut(key, "image/png", { expiresIn: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await put(shortLived.url, "image/png", Buffer.from("abcd"))).status).toBe(403);
    expect(await storage.exists(key)).toBe(false);

    await expect(proxied.presignPut(key, "image/png", { contentLength: -1 })).rejects.toThrow(RangeError);
    await expect(proxied.presignPut(key, "image/png", { expiresIn: 0 })).rejects.toThrow(RangeError);
    await expect(proxied.presignPut(key, "not a type")).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it("surfaces store errors (missing bucket) instead of reporting a missing object", async () => {
    const wrong = createS3Storage({ ...config, bucket: "no-such-bucket" });
    try {
      await expect(
        wrong.put(Buffer.from("x"), { prefix: "tmp", ext: "bin", contentType: "application/octet-stream" }),
      ).rejects.toThrow();
    } finally {
      wrong.close();
    }
  });
});

describe("createStorage with S3_BUCKET", () => {
  it("builds the S3 driver and /api/health reports storage 's3'", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "vt-s3-app-"));
    const appConfig = testConfig(dataDir, {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: config.endpoint,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_PUBLIC_URL: PUBLIC_URL,
      S3_FORCE_PATH_STYLE: "true",
    });
    const fromConfig = await createStorage(appConfig);
    expect(fromConfig.kind).toBe("s3");
    expect(canPresign(fromConfig)).toBe(true);
    expect(canPresign({ ...fromConfig, kind: "local" } as never)).toBe(false);
    const key = await fromConfig.put(Buffer.from("via-config"), {
      prefix: "people",
      ext: "txt",
      contentType: "text/plain",
    });
    expect((await storage.get(key))?.toString()).toBe("via-config");
    expect(fromConfig.publicUrl(key)).toBe(`${PUBLIC_URL}/${key}`);

    const database = await createTestDatabase();
    const app = await buildApp({
      config: appConfig,
      database,
      storage: fromConfig,
      logger: false,
      webDist: null,
    });
    try {
      await app.ready();
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: "ok", storage: "s3" });
      // No local /files route when objects are served from S3_PUBLIC_URL.
      const files = await app.inject({ method: "GET", url: `/files/${key}` });
      expect(files.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
      (fromConfig as S3Storage).close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
