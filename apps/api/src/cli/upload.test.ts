/**
 * `npm run upload` against a real server instance (the app listening on a loopback port, PGlite,
 * local files): the dry-run table, a folder of chapters in mixed naming styles uploaded with an API
 * token (plain pages at 1500 px wide; scrambled pages that unscramble with their stored key back to
 * what the shared scramble codec was given), a second run that skips every stored page, publishing,
 * a tall strip split into pages with `--split-tall`, a refused zip, and a revoked token.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeKey, unscrambleRgba } from "@vt/shared/scramble";
import { BlobWriter, Uint8ArrayReader, ZipWriter } from "@zip.js/zip.js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../test/fixtures/api";
import { createComic } from "../../test/fixtures/comics";
import { blankPage, comicPage } from "../../test/fixtures/pages";
import { runUpload } from "./upload";

let t: TestApp;
let owner: TestUser;
let server: string;
let comicId: number;
let token: string;
let tokenId: number;
let teamId: number;
let dir: string;

/** A page with a distinct pattern per seed (so a wrong order or a wrong key shows in the pixels). */
function pagePng(width: number, height: number, seed: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = (seed * 40 + Math.floor((y / height) * 200)) % 256;
      data[i + 1] = Math.floor((x / width) * 255);
      data[i + 2] = (seed * 90) % 256;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address();
  server = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  owner = await createUser(t);
  teamId = await createTeam(t, owner);
  comicId = (await createComic(t, owner, teamId)).id;
  const created = await call(t, owner, "POST", "/api/tokens", {
    payload: { name: "cli", teamId, scope: "upload" },
  });
  token = created.json().secret;
  tokenId = created.json().token.id;

  dir = mkdtempSync(path.join(tmpdir(), "vt-cli-"));
  const root = path.join(dir, "Series");
  const chapters: [string, number, number][] = [
    ["Chapter 2 - Gió", 3, 1800],
    ["c001 (v01) (Mở đầu)", 2, 900],
  ];
  for (const [name, count, width] of chapters) {
    mkdirSync(path.join(root, name), { recursive: true });
    for (let p = 1; p <= count; p++) {
      // "10.png" after "2.png": natural order, not text order.
      const file = p === count && count > 2 ? "10.png" : `${p}.png`;
      writeFileSync(path.join(root, name, file), await pagePng(width, 1200, p + width));
    }
  }
  writeFileSync(path.join(root, "notes.txt"), "not a page");
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("npm run upload", () => {
  it("--dry-run prints the parsed table in chapter order and uploads nothing", async () => {
    const r = io();
    const code = await runUpload([path.join(dir, "Series"), "--dry-run"], {}, r.io);
    expect(code).toBe(0);
    expect(r.out[0]).toMatch(/^order\s+volume\s+title\s+pages\s+warnings\s+source$/);
    expect(r.out[1]).toMatch(/^1\s+1\s+Mở đầu\s+2\s+c001 \(v01\) \(Mở đầu\)$/);
    expect(r.out[2]).toMatch(/^2\s+Gió\s+3\s+Chapter 2 - Gió$/);
    expect(r.out.join("\n")).toContain("notes.txt");
    const list = await call(t, owner, "GET", `/api/chapters/comic/${comicId}`);
    expect(list.json()).toEqual([]);
  });

  it("refuses to run without a token or a comic (usage, exit 64)", async () => {
    const r = io();
    expect(await runUpload([path.join(dir, "Series"), "--comic", String(comicId)], {}, r.io)).toBe(64);
    expect(r.err.join("\n")).toContain("VT_TOKEN");
  });

  it("uploads every chapter as a draft with its pages in natural order, scrambled pages carrying their key", async () => {
    const r = io();
    const code = await runUpload(
      [path.join(dir, "Series"), "--comic", String(comicId), "--server", server, "--scramble"],
      { VT_TOKEN: token },
      r.io,
    );
    expect(r.err).toEqual([]);
    expect(code).toBe(0);
    const list = (await call(t, owner, "GET", `/api/chapters/comic/${comicId}?sort=asc`)).json();
    expect(
      list.map((c: { order: number; name: string; status: string; pageCount: number }) => [
        c.order,
        c.name,
        c.status,
        c.pageCount,
      ]),
    ).toEqual([
      [1, "Mở đầu", "draft", 2],
      [2, "Gió", "draft", 3],
    ]);
    const detail = (await call(t, owner, "GET", `/api/chapters/${list[1].id}`)).json();
    expect(detail.pages.map((p: { clientId: string }) => p.clientId.split("|")[0])).toEqual([
      "Series/Chapter 2 - Gió/1.png",
      "Series/Chapter 2 - Gió/2.png",
      "Series/Chapter 2 - Gió/10.png",
    ]);
    // A stored page unscrambles with its key to the page as the shared codec received it.
    const first = detail.pages[0] as { url: string; key: string };
    expect(first.key).toBeTruthy();
    const stored = await t.storage.get(first.url.replace(/^.*\/files\//, ""));
    expect(stored).not.toBeNull();
    const scrambled = await sharp(stored!).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(scrambled.info.width).toBe(1300);
    const back = unscrambleRgba(
      { width: 1300, height: scrambled.info.height, data: new Uint8ClampedArray(scrambled.data) },
      decodeKey(first.key),
    );
    const source = await sharp(await pagePng(1800, 1200, 1 + 1800))
      .resize(1300, back.height, { fit: "fill" })
      .ensureAlpha()
      .raw()
      .toBuffer();
    let diff = 0;
    for (let i = 0; i < source.length; i++) diff += Math.abs(source[i]! - back.data[i]!);
    // JPEG q90 noise only: a wrong strip order would differ by tens per channel.
    expect(diff / source.length).toBeLessThan(3);
  }, 120_000);

  it("a second run skips every stored page, then --publish publishes each chapter", async () => {
    const before = (await call(t, owner, "GET", `/api/chapters/comic/${comicId}?sort=asc`)).json();
    const r = io();
    const code = await runUpload(
      [path.join(dir, "Series"), "--comic", String(comicId), "--server", server, "--publish"],
      { VT_TOKEN: token },
      r.io,
    );
    expect(r.err).toEqual([]);
    expect(code).toBe(0);
    expect(r.out.filter((l) => l.startsWith("resumed"))).toHaveLength(2);
    const after = (await call(t, owner, "GET", `/api/chapters/comic/${comicId}?sort=asc`)).json();
    expect(after.map((c: { id: number }) => c.id)).toEqual(before.map((c: { id: number }) => c.id));
    expect(after.map((c: { status: string; pageCount: number }) => [c.status, c.pageCount])).toEqual([
      ["published", 2],
      ["published", 3],
    ]);
    const detail = (await call(t, owner, "GET", `/api/chapters/${after[1].id}`)).json();
    expect(detail.pages).toHaveLength(3);
  }, 120_000);

  it("refuses a zip with a traversal name before reading any page", async () => {
    const writer = new ZipWriter(new BlobWriter());
    await writer.add("../evil/1.png", new Uint8ArrayReader(new Uint8Array(await pagePng(10, 10, 1))));
    const zip = path.join(dir, "evil.zip");
    writeFileSync(zip, Buffer.from(await (await writer.close()).arrayBuffer()));
    const r = io();
    expect(await runUpload([zip, "--dry-run"], {}, r.io)).toBe(1);
    // zip.js itself refuses such names while reading the directory; checkArchiveEntries is the second line.
    expect(r.err.join("\n")).toMatch(/unsafe/i);
  });

  it("reads a zip of chapters the same way as the folder", async () => {
    const writer = new ZipWriter(new BlobWriter());
    for (const [name, n] of [
      ["Vol.2 Ch.7/1.png", 1],
      ["Vol.2 Ch.7/2.png", 2],
      ["Oneshot - Bonus/a.png", 3],
    ] as const) {
      await writer.add(name, new Uint8ArrayReader(new Uint8Array(await pagePng(20, 20, n))));
    }
    const zip = path.join(dir, "many.zip");
    writeFileSync(zip, Buffer.from(await (await writer.close()).arrayBuffer()));
    const r = io();
    expect(await runUpload([zip, "--dry-run"], {}, r.io)).toBe(0);
    expect(r.out[1]).toMatch(/^oneshot\s+Bonus\s+1\s+Oneshot - Bonus$/);
    expect(r.out[2]).toMatch(/^7\s+2\s+2\s+Vol\.2 Ch\.7$/);
  });

  it("--split-tall uploads a tall strip as its pieces in its place, and a rerun skips them", async () => {
    const chapter = path.join(dir, "Strips", "Chapter 5");
    mkdirSync(chapter, { recursive: true });
    writeFileSync(path.join(chapter, "1.png"), await pagePng(1500, 1000, 1));
    // No uniform row (the green channel runs across each row): cut exactly at 3000 and 6000.
    writeFileSync(path.join(chapter, "2.png"), await pagePng(1500, 9000, 2));
    // A second chapter, so "Strips" reads as a series folder (one folder alone is taken as a wrapper).
    mkdirSync(path.join(dir, "Strips", "Chapter 6"));
    writeFileSync(path.join(dir, "Strips", "Chapter 6", "1.png"), await pagePng(900, 900, 3));
    const args = [path.join(dir, "Strips"), "--comic", String(comicId), "--server", server, "--split-tall"];
    const pageIds: number[][] = [];
    let detail: { pages: { id: number; clientId: string; url: string }[] } = { pages: [] };
    for (const word of ["uploaded", "resumed"]) {
      const r = io();
      expect(await runUpload(args, { VT_TOKEN: token }, r.io)).toBe(0);
      expect(r.err).toEqual([]);
      expect(r.out.some((l) => l.startsWith(`${word} Chapter 5:`) && l.endsWith(", 4 pages"))).toBe(true);
      const list = (await call(t, owner, "GET", `/api/chapters/comic/${comicId}?sort=asc`)).json();
      const ch5 = list.find((c: { order: number }) => c.order === 5);
      detail = (await call(t, owner, "GET", `/api/chapters/${ch5.id}`)).json();
      pageIds.push(detail.pages.map((p) => p.id));
    }
    // The rerun found every piece stored (same bytes, same clientIds): the same pages, none added.
    expect(pageIds[1]).toEqual(pageIds[0]);
    expect(detail.pages.map((p) => p.clientId.split("|")[0])).toEqual([
      "Strips/Chapter 5/1.png",
      "Strips/Chapter 5/2_1.jpg",
      "Strips/Chapter 5/2_2.jpg",
      "Strips/Chapter 5/2_3.jpg",
    ]);
    for (const page of detail.pages.slice(1)) {
      const stored = await t.storage.get(page.url.replace(/^.*\/files\//, ""));
      const meta = await sharp(stored!).metadata();
      expect([meta.width, meta.height]).toEqual([1500, 3000]);
    }
  }, 180_000);

  it("an unknown comic and an unreachable server are named, with what to check", async () => {
    const r = io();
    expect(
      await runUpload(
        [path.join(dir, "Series"), "--comic", "999999", "--server", server],
        { VT_TOKEN: token },
        r.io,
      ),
    ).toBe(1);
    expect(r.err[0]).toMatch(/^Comic 999999 was not found, or the token's team may not upload to it/);
    // A port nobody listens on: taken from the system, then given back.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = io();
    expect(
      await runUpload(
        [path.join(dir, "Series"), "--comic", String(comicId), "--server", `http://127.0.0.1:${port}`],
        { VT_TOKEN: token },
        down.io,
      ),
    ).toBe(1);
    expect(down.err[0]).toBe(
      `Cannot reach the server at http://127.0.0.1:${port} (ECONNREFUSED). Check --server or VT_SERVER.`,
    );
  });

  it("--dry-run fingerprints the pages and prints the page checks, the server's with a token", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((s) => comicPage(8800 + s, { style: "text" })));
    const write = (root: string, chapters: Record<string, Buffer[]>) => {
      for (const [name, list] of Object.entries(chapters)) {
        mkdirSync(path.join(dir, root, name), { recursive: true });
        for (const [i, b] of list.entries()) writeFileSync(path.join(dir, root, name, `${i + 1}.png`), b);
      }
      return path.join(dir, root);
    };
    const checksComic = (await createComic(t, owner, teamId)).id;
    // Two chapter folders (a lone one would be taken for a wrapping folder).
    const stored = write("Stored", {
      "Chapter 1": [pages[0]!, pages[1]!],
      "Chapter 9": [await comicPage(8899)],
    });
    const up = io();
    expect(
      await runUpload(
        [stored, "--comic", String(checksComic), "--server", server],
        { VT_TOKEN: token },
        up.io,
      ),
    ).toBe(0);

    const again = await Promise.all(
      [pages[0]!, pages[1]!].map((b) => sharp(b).png({ compressionLevel: 1 }).toBuffer()),
    );
    const drop = write("Checks", {
      "Chapter 2": [...again, pages[2]!],
      "Chapter 3": [pages[3]!, pages[3]!, await blankPage()],
      "Chapter 4": [pages[2]!],
    });
    const r = io();
    const args = [drop, "--comic", String(checksComic), "--server", server, "--dry-run"];
    expect(await runUpload(args, { VT_TOKEN: token }, r.io)).toBe(0);
    const at = r.out.indexOf(
      `Page checks (against comic ${checksComic} and the other chapters of this upload):`,
    );
    expect(at).toBeGreaterThan(0);
    expect(r.out.slice(at + 1)).toEqual([
      "  Chapter 2: 2 of 3 pages are already in chapter 1 of the comic (pages 1.png, 2.png)",
      "  Chapter 2: 1 of 3 pages are already in Chapter 4 of this upload (page 3.png)",
      "  Chapter 3: pages 1.png, 2.png are the same picture",
      "  Chapter 3: page 3.png is blank or nearly blank",
      "  Chapter 4: 1 of 1 pages are already in Chapter 2 of this upload (page 1.png)",
    ]);
    // Nothing was sent: the comic still has its two chapters.
    expect((await call(t, owner, "GET", `/api/chapters/comic/${checksComic}`)).json()).toHaveLength(2);

    // Without a token: each chapter alone.
    const local = io();
    expect(await runUpload([drop, "--dry-run"], {}, local.io)).toBe(0);
    const from = local.out.findIndex((l) => l.startsWith("Page checks (each chapter alone"));
    expect(local.out.slice(from + 1)).toEqual([
      "  Chapter 3: pages 1.png, 2.png are the same picture",
      "  Chapter 3: page 3.png is blank or nearly blank",
    ]);

    // A picture the team kept for the whole comic (a recap page) is printed as kept.
    const recap = write("Recap", { "Chapter 7": [pages[1]!], "Chapter 8": [await comicPage(8898)] });
    expect(
      await runUpload(
        [recap, "--comic", String(checksComic), "--server", server],
        { VT_TOKEN: token },
        io().io,
      ),
    ).toBe(0);
    const chapters = (await call(t, owner, "GET", `/api/chapters/comic/${checksComic}`)).json() as {
      id: number;
      order: number;
    }[];
    const seventh = chapters.find((c) => c.order === 7)!;
    const checks = (await call(t, owner, "GET", `/api/chapters/${seventh.id}/checks`)).json() as {
      findings: { kind: string; pages: { id: number }[] }[];
    };
    const shared = checks.findings.find((f) => f.kind === "otherChapter")!;
    const keep = await call(t, owner, "PUT", `/api/chapters/${seventh.id}/checks/kept`, {
      payload: { kind: "otherChapter", pageIds: shared.pages.map((p) => p.id), kept: true },
    });
    expect(keep.statusCode).toBe(200);
    const kept = io();
    expect(await runUpload(args, { VT_TOKEN: token }, kept.io)).toBe(0);
    const start = kept.out.indexOf(
      `Page checks (against comic ${checksComic} and the other chapters of this upload):`,
    );
    // Page 2's picture is kept wherever it is found (chapters 1 and 7); page 1's is not.
    expect(kept.out.slice(start + 1).filter((l) => l.startsWith("  Chapter 2:"))).toEqual([
      "  Chapter 2: 1 of 3 pages are already in chapter 1 of the comic (page 1.png)",
      "  Chapter 2: 1 of 3 pages are already in chapter 1 of the comic (page 2.png) (kept on purpose)",
      "  Chapter 2: 1 of 3 pages are already in Chapter 4 of this upload (page 3.png)",
      "  Chapter 2: 1 of 3 pages are already in chapter 7 of the comic (page 2.png) (kept on purpose)",
    ]);
  }, 120_000);

  it("a revoked token gets 401 and uploads nothing", async () => {
    await call(t, owner, "DELETE", `/api/tokens/${tokenId}`);
    const r = io();
    const code = await runUpload(
      [path.join(dir, "Series"), "--comic", String(comicId), "--server", server],
      { VT_TOKEN: token },
      r.io,
    );
    expect(code).toBe(1);
    // One clear sentence first (what happened and what to do), not the call that failed.
    expect(r.err[0]).toMatch(
      /^The API token was refused: it is unknown, revoked or expired\. Create a token/,
    );
    expect(r.err[0]).toContain("(HTTP 401)");
    expect(r.err.join("\n")).not.toContain("GET /comics");
    expect(r.err).toHaveLength(1);
  });
});
