import { BlobWriter, Uint8ArrayReader, ZipWriter } from "@zip.js/zip.js";
import { describe, expect, it } from "vitest";
import { withPath } from "../dropped-files";
import { openImportSource } from "./import-source";
import { pageCountAfterSplit } from "./split-count";

/** A PNG's signature and IHDR (all the preview reads), then filler standing for the pixels. */
function png(width: number, height: number, filler = 0): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(24 + filler);
  // Noise, so that a zip does not shrink it past its expansion-ratio limit.
  let x = 7;
  for (let i = 24; i < out.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(out.buffer).setUint32(16, width);
  new DataView(out.buffer).setUint32(20, height);
  return out;
}

describe("pageCountAfterSplit: the preview's page count with tall strips split", () => {
  it("counts the pieces of each tall page of a folder from its header", async () => {
    const files = [
      withPath(new File([png(1500, 1000)], "1.png"), "Drop/Chapter 1/1.png"),
      withPath(new File([png(1500, 9000)], "2.png"), "Drop/Chapter 1/2.png"),
      // 3000 x 12000 is 1500 x 6000 once fitted: two pages.
      withPath(new File([png(3000, 12000)], "3.png"), "Drop/Chapter 1/3.png"),
      withPath(new File([new Uint8Array([1, 2, 3])], "4.png"), "Drop/Chapter 1/4.png"),
      withPath(new File([png(10, 10)], "1.png"), "Drop/Chapter 2/1.png"),
    ];
    const source = await openImportSource(files);
    expect(await pageCountAfterSplit(await source.pagesOf(source.chapters[0]!))).toBe(1 + 3 + 2 + 1);
  });

  it("reads a zip entry's header without inflating the rest", async () => {
    const writer = new ZipWriter(new BlobWriter());
    await writer.add("Chapter 2/1.png", new Uint8ArrayReader(png(1500, 9000, 2 * 1024 * 1024)), { level: 1 });
    await writer.add("Chapter 2/2.png", new Uint8ArrayReader(png(800, 800)));
    await writer.add("Chapter 3/1.png", new Uint8ArrayReader(png(800, 800)));
    const zip = new Uint8Array(await (await writer.close()).arrayBuffer());
    const source = await openImportSource([new File([zip], "Series.zip")]);
    const pages = await source.pagesOf(source.chapters[0]!);
    expect((await pages[0]!.head(100)).length).toBe(100);
    expect(await pageCountAfterSplit(pages)).toBe(3 + 1);
    await source.close();
  });
});
