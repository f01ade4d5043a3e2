import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { thumbKeyOf } from "./keys";
import { createLocalStorage } from "./local";
import { InvalidStorageKeyError, type Storage } from "./storage";

let base: string;
let root: string;
let outside: string;
let storage: Storage;

beforeEach(async () => {
  base = mkdtempSync(join(tmpdir(), "vt-storage-"));
  root = join(base, "files");
  outside = join(base, "outside");
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.txt"), "TOP SECRET");
  storage = await createLocalStorage({ root, publicBaseUrl: "http://localhost:3000/files" });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe("local storage", () => {
  it("stores bytes under a generated key and reads them back", async () => {
    const key = await storage.put(Buffer.from("page-1"), {
      prefix: "comics",
      ext: "jpg",
      contentType: "image/jpeg",
    });
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, "0");
    expect(key).toMatch(new RegExp(`^comics/${now.getUTCFullYear()}/${month}/[A-Za-z0-9_-]{16}\\.jpg$`));
    expect((await storage.get(key))?.toString()).toBe("page-1");
    expect(await storage.exists(key)).toBe(true);
    expect(readFileSync(join(root, key), "utf8")).toBe("page-1");
    expect(storage.publicUrl(key)).toBe(`http://localhost:3000/files/${key}`);
    const object = await storage.stream(key);
    expect(object?.size).toBe(6);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("page-1");
  });

  it("generates a different key for every put and keeps the suffix", async () => {
    const a = await storage.put(Buffer.from("a"), {
      prefix: "teams",
      ext: "png",
      contentType: "image/png",
      suffix: "_credit",
    });
    const b = await storage.put(Buffer.from("b"), {
      prefix: "teams",
      ext: "png",
      contentType: "image/png",
      suffix: "_credit",
    });
    expect(a).not.toBe(b);
    expect(a).toMatch(/_credit\.png$/);
  });

  it("stores a stream and leaves no temporary file behind", async () => {
    const key = await storage.put(Readable.from([Buffer.from("ab"), Buffer.from("cd")]), {
      prefix: "comics",
      ext: "zip",
      contentType: "application/zip",
    });
    expect((await storage.get(key))?.toString()).toBe("abcd");
    expect(filesUnder(root)).toEqual([join(root, key)]);
  });

  it("a failing stream leaves neither the object nor a temporary file", async () => {
    async function* broken() {
      yield Buffer.from("partial");
      throw new Error("client went away");
    }
    await expect(
      storage.put(Readable.from(broken()), { prefix: "comics", ext: "jpg", contentType: "image/jpeg" }),
    ).rejects.toThrow("client went away");
    expect(filesUnder(root)).toEqual([]);
  });

  it("stores again after the remembered month folder was removed, leaving no temporary file", async () => {
    const opts = { prefix: "comics", ext: "jpg", contentType: "image/jpeg" } as const;
    const first = await storage.put(Buffer.from("one"), opts);
    rmSync(join(root, "comics"), { recursive: true, force: true });
    const second = await storage.put(Buffer.from("two"), opts);
    expect(await storage.exists(first)).toBe(false);
    expect((await storage.get(second))?.toString()).toBe("two");
    expect(filesUnder(root)).toEqual([join(root, second)]);
  });

  it("deletes, and deleting a missing object is not an error", async () => {
    const key = await storage.put(Buffer.from("x"), {
      prefix: "users",
      ext: "webp",
      contentType: "image/webp",
    });
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("refuses put options outside the allow-lists", async () => {
    const body = Buffer.from("x");
    const bad = [
      { prefix: "../etc", ext: "jpg" },
      { prefix: "comics/../../x", ext: "jpg" },
      { prefix: "comics", ext: "../jpg" },
      { prefix: "comics", ext: "jpg", suffix: "/../../x" },
      { prefix: "comics", ext: "jpg", suffix: "a\0b" },
    ];
    for (const options of bad) {
      await expect(
        storage.put(body, { contentType: "image/jpeg", ...options } as never),
      ).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(filesUnder(base).filter((f) => !f.startsWith(outside))).toEqual([]);
  });

  it("stores a derived object at the exact key asked for (beside its source), inside its prefix only", async () => {
    const source = await storage.put(Buffer.from("page"), {
      prefix: "comics",
      ext: "jpg",
      contentType: "image/jpeg",
    });
    const key = thumbKeyOf(source);
    const options = { prefix: "comics", ext: "webp", contentType: "image/webp", key } as const;
    expect(await storage.put(Buffer.from("thumb 1"), options)).toBe(key);
    // A rerun overwrites it.
    expect(await storage.put(Buffer.from("thumb 2"), options)).toBe(key);
    expect((await storage.get(key))?.toString()).toBe("thumb 2");
    expect((await storage.get(source))?.toString()).toBe("page");
    for (const bad of ["users/2026/01/x.webp", "comics/../../outside/x.webp", "comics//x.webp"]) {
      await expect(storage.put(Buffer.from("x"), { ...options, key: bad })).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
    }
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("TOP SECRET");
  });

  const traversalKeys = [
    "../outside/secret.txt",
    "comics/../../outside/secret.txt",
    "comics/..",
    `${"/"}etc/passwd`,
    "comics/2026/../../../outside/secret.txt",
    "comics/..%2f..%2foutside%2fsecret.txt",
    "comics/%2e%2e/%2e%2e/outside/secret.txt",
    "comics\\..\\..\\outside\\secret.txt",
    "comics/a\0.jpg",
    "comics//secret.txt",
    "comics/./x.jpg",
    "outside/secret.txt",
    "",
  ];

  it.each(traversalKeys)("refuses to read, test or delete key %j", async (key) => {
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.stream(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("TOP SECRET");
  });

  it("does not follow a symlinked folder out of the root", async () => {
    mkdirSync(join(root, "comics"), { recursive: true });
    symlinkSync(outside, join(root, "comics", "escape"));
    await expect(storage.get("comics/escape/secret.txt")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete("comics/escape/secret.txt")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(existsSync(join(outside, "secret.txt"))).toBe(true);
  });

  it("does not follow a symlinked file out of the root", async () => {
    mkdirSync(join(root, "comics"), { recursive: true });
    symlinkSync(join(outside, "secret.txt"), join(root, "comics", "link.jpg"));
    expect(await storage.get("comics/link.jpg")).toBeNull();
    expect(await storage.stream("comics/link.jpg")).toBeNull();
    expect(await storage.exists("comics/link.jpg")).toBe(false);
  });

  it("does not write through a symlinked prefix folder", async () => {
    symlinkSync(outside, join(root, "teams"));
    await expect(
      storage.put(Buffer.from("x"), { prefix: "teams", ext: "png", contentType: "image/png" }),
    ).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(readdirSync(outside, { recursive: true })).toEqual(["secret.txt"]);
  });
});
