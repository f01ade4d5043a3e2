// @vitest-environment node
// Node's own Blob/Response/streams: jsdom's Blob is not the one fetch and Response use.
import { describe, expect, it } from "vitest";
import { crc32, readZip } from "../../../e2e/image-pipeline/read-zip";
import { ChapterNoPagesError } from "./errors";
import type { ImagePool } from "./pool";
import type { ZipProgress } from "./progress";
import {
  blobSink,
  type ChapterPageRef,
  chapterZipPages,
  defaultResolveUrl,
  downloadChapterZip,
  writeChapterZip,
  type ZipPage,
} from "./zip";
import { zipWriter } from "./zip-writer";

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

/** All of a page's bytes: what was read to tell its format, then the rest. */
async function pageBytes(page: ZipPage): Promise<Uint8Array> {
  const parts = [page.head];
  let buffer = new ArrayBuffer(4);
  for (;;) {
    const r = await page.body.read(buffer);
    buffer = r.buffer;
    if (!r.chunk) return new Uint8Array(Buffer.concat(parts));
    parts.push(r.chunk.slice());
  }
}

/** A writable keeping copies of what it is given (the writer reuses its buffer), and the zip they make. */
function collect() {
  const chunks: Uint8Array[] = [];
  let closed = false;
  const writable = new WritableStream<Uint8Array>({
    write: (c) => {
      chunks.push(c.slice());
    },
    close: () => {
      closed = true;
    },
  });
  return { writable, zip: () => Buffer.concat(chunks), closed: () => closed };
}

describe("defaultResolveUrl", () => {
  it("keeps absolute URLs and root paths and serves storage keys from /files/", () => {
    expect(defaultResolveUrl("https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
    expect(defaultResolveUrl("/files/a.jpg")).toBe("/files/a.jpg");
    expect(defaultResolveUrl("comics/1/a.jpg")).toBe("/files/comics/1/a.jpg");
    expect(defaultResolveUrl("./comics/1/a.jpg")).toBe("/files/comics/1/a.jpg");
  });
});

describe("zipWriter", () => {
  it("computes zip's CRC-32, also chunk by chunk", () => {
    const bytes = new TextEncoder().encode("123456789");
    expect(crc32(bytes)).toBe(0xcbf43926);
    expect(crc32(bytes.subarray(4), crc32(bytes.subarray(0, 4)))).toBe(0xcbf43926);
  });

  it("writes byte for byte what client-zip wrote for the same entries", () => {
    const zip = zipWriter(new Date(2026, 10, 26, 21, 30, 14));
    const out: Uint8Array[] = [];
    for (const [name, data] of [
      ["1.png", [1, 2, 3]],
      ["2.jpg", [4, 5]],
    ] as const) {
      out.push(zip.start(name));
      const bytes = new Uint8Array(data);
      zip.update(bytes);
      out.push(bytes, zip.end());
    }
    out.push(zip.finish());
    // client-zip 2.5.1's makeZip of the same two entries (stored, data descriptors, UTF-8 names).
    expect(Buffer.concat(out).toString("hex")).toBe(
      "504b03042d0008080000c7ab7a5d00000000000000000000000005000000312e706e67010203504b07081d80bc550300" +
        "000003000000504b03042d0008080000c7ab7a5d00000000000000000000000005000000322e6a70670405504b070874" +
        "23df550200000002000000504b01022d032d0008080000c7ab7a5d1d80bc550300000003000000050000000000000000" +
        "000000b48100000000312e706e67504b01022d032d0008080000c7ab7a5d7423df550200000002000000050000000000" +
        "000000000000b48136000000322e6a7067504b05060000000002000200660000006b0000000000",
    );
  });
});

describe("chapterZipPages", () => {
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
    const names: string[] = [];
    const bytes: Uint8Array[] = [];
    for await (const page of chapterZipPages(pages, { fetch: fetchFn, pool })) {
      names.push(page.name);
      bytes.push(await pageBytes(page));
    }
    expect(names).toEqual(["1.png", "2.jpg", "3.gif", "4.webp"]);
    expect(calls).toEqual(["aB3xH7sKzz"]);
    expect(new TextDecoder().decode(bytes[1])).toBe("unscrambled:aB3xH7sKzz:7");
    expect(bytes[0]).toEqual(PNG);
    expect(bytes[2]).toEqual(GIF);
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
    for await (const page of chapterZipPages(pages, {
      fetch: f.fetchFn,
      pool: fakePool().pool,
      lookahead: 2,
    })) {
      await pageBytes(page);
      consumed++;
      // Never more than `lookahead` pages requested beyond the one being consumed.
      expect(f.log.length).toBeLessThanOrEqual(consumed + 2);
    }
    expect(consumed).toBe(20);
    expect(f.max()).toBeLessThanOrEqual(3);
  });

  it("fails on a missing page and on an empty chapter", async () => {
    const { fetchFn } = fakeFetch({});
    const it1 = chapterZipPages([{ url: "c/1.png" }], { fetch: fetchFn, pool: fakePool().pool });
    await expect(it1.next()).rejects.toThrow("Could not download page 1 (HTTP 404)");
    await expect(chapterZipPages([]).next()).rejects.toBeInstanceOf(ChapterNoPagesError);
  });
});

describe("writeChapterZip", () => {
  it("writes a valid zip, closes the writable and reports pages and bytes", async () => {
    const { fetchFn } = fakeFetch({ "/files/a.png": { body: PNG }, "/files/b.jpg": { body: JPG } });
    const progress: ZipProgress[] = [];
    const out = collect();
    const bytes = await writeChapterZip(
      [{ url: "a.png" }, { url: "b.jpg", key: "aB3xH7sKzz" }],
      out.writable,
      {
        fetch: fetchFn,
        pool: fakePool().pool,
        onProgress: (p) => progress.push(p),
      },
    );
    const zip = out.zip();
    expect(bytes).toBe(zip.length);
    expect(out.closed()).toBe(true);
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(["1.png", "2.jpg"]);
    expect(new Uint8Array(entries[0]!.data)).toEqual(PNG);
    expect(entries[1]!.data.toString()).toBe("unscrambled:aB3xH7sKzz:7");
    for (const e of entries) expect(crc32(e.data)).toBe(e.crc32);
    expect(progress[0]).toMatchObject({ pagesDone: 0, total: 2, bytes: 0 });
    expect(progress.at(-1)).toMatchObject({ pagesDone: 2, total: 2, bytes: zip.length, fraction: 1 });
  });

  it("streams a page bigger than its buffer through it, chunk after chunk", async () => {
    const big = new Uint8Array(3_000_000).map((_, i) => (i * 7) & 0xff);
    big.set(JPG);
    const { fetchFn } = fakeFetch({ "/files/big.jpg": { body: big } });
    const out = collect();
    await writeChapterZip([{ url: "big.jpg" }], out.writable, { fetch: fetchFn, pool: fakePool().pool });
    const [entry] = readZip(out.zip());
    expect(entry!.name).toBe("1.jpg");
    expect(entry!.data.equals(big)).toBe(true);
    expect(crc32(entry!.data)).toBe(entry!.crc32);
  });

  it("collects into a Blob through blobSink, chunk copies and all", async () => {
    const big = new Uint8Array(2_500_000).map((_, i) => (i * 13) & 0xff);
    big.set(PNG);
    const { fetchFn } = fakeFetch({ "/files/a.png": { body: big }, "/files/b.jpg": { body: JPG } });
    const sink = blobSink("application/zip");
    const bytes = await writeChapterZip([{ url: "a.png" }, { url: "b.jpg" }], sink.writable, {
      fetch: fetchFn,
      pool: fakePool().pool,
    });
    const blob = await sink.blob;
    expect(blob).toMatchObject({ size: bytes, type: "application/zip" });
    const entries = readZip(Buffer.from(await blob.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(["1.png", "2.jpg"]);
    expect(entries[0]!.data.equals(big)).toBe(true);
    expect(new Uint8Array(entries[1]!.data)).toEqual(JPG);
  });

  it("aborts the writable when a page fails, and rejects an empty chapter at once", async () => {
    const { fetchFn } = fakeFetch({ "/files/a.png": { body: PNG } });
    let aborted: unknown;
    const writable = new WritableStream<Uint8Array>({
      abort: (reason) => {
        aborted = reason;
      },
    });
    await expect(
      writeChapterZip([{ url: "a.png" }, { url: "gone.png" }], writable, {
        fetch: fetchFn,
        pool: fakePool().pool,
      }),
    ).rejects.toThrow("Could not download page 2 (HTTP 404)");
    expect(String(aborted)).toContain("Could not download page 2");
    await expect(writeChapterZip([], new WritableStream())).rejects.toThrow("Chapter has no pages");
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
              chunks.push(c.slice());
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
