// @vitest-environment node
// Node's own Blob/Response/streams: under jsdom, fetch's Blobs are not jsdom's Blob, which client-zip checks.
import { describe, expect, it } from "vitest";
import { crc32, readZip } from "../../../e2e/image-pipeline/read-zip";
import { ChapterNoPagesError } from "./errors";
import type { ImagePool } from "./pool";
import type { ZipProgress } from "./progress";
import {
  type ChapterPageRef,
  chapterZipEntries,
  createChapterZipStream,
  defaultResolveUrl,
  downloadChapterZip,
} from "./zip";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 4, 5, 6]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]);

/** Serves `files` by URL and records the order and concurrency of requests. */
function fakeFetch(files: Record<string, { body: Uint8Array; type?: string }>) {
  const log: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchFn = async (url: string) => {
    log.push(url);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 1));
    inFlight--;
    const f = files[url];
    if (!f) return new Response("missing", { status: 404 });
    return new Response(f.body.slice(), {
      headers: { "content-type": f.type ?? "application/octet-stream" },
    });
  };
  return { fetchFn, log, max: () => maxInFlight };
}

const fakePool = () => {
  const calls: string[] = [];
  const pool = {
    async unscramblePage(blob: Blob, key: string) {
      calls.push(key);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      return {
        blob: new Blob([`unscrambled:${key}:${bytes.length}`]),
        width: 1300,
        height: 100,
        type: "image/jpeg",
      };
    },
  };
  return { pool: pool as unknown as ImagePool, calls };
};

async function text(blob: Blob) {
  return new TextDecoder().decode(await blob.arrayBuffer());
}

describe("defaultResolveUrl", () => {
  it("keeps absolute URLs and root paths and serves storage keys from /files/", () => {
    expect(defaultResolveUrl("https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
    expect(defaultResolveUrl("/files/a.jpg")).toBe("/files/a.jpg");
    expect(defaultResolveUrl("comics/1/a.jpg")).toBe("/files/comics/1/a.jpg");
    expect(defaultResolveUrl("./comics/1/a.jpg")).toBe("/files/comics/1/a.jpg");
  });
});

describe("chapterZipEntries", () => {
  it("numbers pages from 1, keeps original extensions and unscrambles keyed pages to .jpg", async () => {
    const { fetchFn, log } = fakeFetch({
      "/files/c/1.png": { body: PNG },
      "/files/c/x_0L6643.jpg": { body: JPG },
      "/files/c/3": { body: GIF, type: "image/jpeg" },
      "https://cdn.example/c/4.webp": { body: JPG },
    });
    const { pool, calls } = fakePool();
    const pages: ChapterPageRef[] = [
      { url: "c/1.png" },
      { url: "c/x_0L6643.jpg", key: "aB3xH7sKzz" },
      { url: "c/3", key: null },
      { url: "https://cdn.example/c/4.webp" },
    ];
    const entries = [];
    for await (const e of chapterZipEntries(pages, { fetch: fetchFn, pool })) entries.push(e);
    expect(entries.map((e) => e.name)).toEqual(["1.png", "2.jpg", "3.gif", "4.webp"]);
    expect(calls).toEqual(["aB3xH7sKzz"]);
    expect(await text(entries[1]!.input)).toBe("unscrambled:aB3xH7sKzz:7");
    expect(new Uint8Array(await entries[0]!.input.arrayBuffer())).toEqual(PNG);
    expect(log).toEqual([
      "/files/c/1.png",
      "/files/c/x_0L6643.jpg",
      "/files/c/3",
      "https://cdn.example/c/4.webp",
    ]);
  });

  it("fetches only a bounded number of pages ahead", async () => {
    const files: Record<string, { body: Uint8Array }> = {};
    const pages = Array.from({ length: 20 }, (_, i) => {
      files[`/files/p/${i}.jpg`] = { body: JPG };
      return { url: `p/${i}.jpg` };
    });
    const f = fakeFetch(files);
    let consumed = 0;
    for await (const _ of chapterZipEntries(pages, {
      fetch: f.fetchFn,
      pool: fakePool().pool,
      lookahead: 2,
    })) {
      consumed++;
      // Never more than `lookahead` pages requested beyond the one being consumed.
      expect(f.log.length).toBeLessThanOrEqual(consumed + 2);
    }
    expect(consumed).toBe(20);
    expect(f.max()).toBeLessThanOrEqual(3);
  });

  it("fails on a missing page and on an empty chapter", async () => {
    const { fetchFn } = fakeFetch({});
    const it1 = chapterZipEntries([{ url: "c/1.png" }], { fetch: fetchFn, pool: fakePool().pool });
    await expect(it1.next()).rejects.toThrow("Could not download page 1 (HTTP 404)");
    await expect(chapterZipEntries([]).next()).rejects.toBeInstanceOf(ChapterNoPagesError);
  });
});

describe("createChapterZipStream", () => {
  it("streams a valid zip and reports pages and bytes", async () => {
    const { fetchFn } = fakeFetch({ "/files/a.png": { body: PNG }, "/files/b.jpg": { body: JPG } });
    const progress: ZipProgress[] = [];
    const stream = createChapterZipStream([{ url: "a.png" }, { url: "b.jpg", key: "aB3xH7sKzz" }], {
      fetch: fetchFn,
      pool: fakePool().pool,
      onProgress: (p) => progress.push(p),
    });
    const zip = Buffer.from(await new Response(stream).arrayBuffer());
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(["1.png", "2.jpg"]);
    expect(new Uint8Array(entries[0]!.data)).toEqual(PNG);
    expect(entries[1]!.data.toString()).toBe("unscrambled:aB3xH7sKzz:7");
    for (const e of entries) expect(crc32(e.data)).toBe(e.crc32);
    expect(progress[0]).toMatchObject({ pagesDone: 0, total: 2, bytes: 0 });
    expect(progress.at(-1)).toMatchObject({ pagesDone: 2, total: 2, bytes: zip.length, fraction: 1 });
  });

  it("throws 'Chapter has no pages' at once for an empty chapter", () => {
    expect(() => createChapterZipStream([])).toThrow("Chapter has no pages");
  });
});

describe("downloadChapterZip", () => {
  it("rejects an empty chapter with errors.chapterNoPages before asking where to save", async () => {
    const error = await downloadChapterZip({ name: "Chương 1", pages: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChapterNoPagesError);
    expect(error).toMatchObject({ i18nKey: "errors.chapterNoPages" });
  });

  it("writes to the file the user picks when the File System Access API exists", async () => {
    const { fetchFn } = fakeFetch({ "/files/a.png": { body: PNG } });
    const chunks: Uint8Array[] = [];
    let suggested = "";
    const g = globalThis as unknown as { showSaveFilePicker?: unknown };
    g.showSaveFilePicker = async (o: { suggestedName: string }) => {
      suggested = o.suggestedName;
      return {
        createWritable: async () =>
          new WritableStream<Uint8Array>({
            write: (c) => {
              chunks.push(c);
            },
          }),
      };
    };
    try {
      const r = await downloadChapterZip(
        { name: "Chương 2: Gió?", pages: [{ url: "a.png" }] },
        { fetch: fetchFn, pool: fakePool().pool },
      );
      expect(r).toMatchObject({ method: "file-system", fileName: "Chương 2 Gió.zip" });
      expect(suggested).toBe("Chương 2 Gió.zip");
      const zip = Buffer.concat(chunks);
      expect(r.bytes).toBe(zip.length);
      expect(readZip(zip).map((e) => e.name)).toEqual(["1.png"]);
    } finally {
      delete g.showSaveFilePicker;
    }
  });
});
