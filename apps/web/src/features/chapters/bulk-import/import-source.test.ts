import { ArchiveRefusal } from "@vt/shared/archive-safety";
import { BlobWriter, Uint8ArrayReader, ZipWriter } from "@zip.js/zip.js";
import { describe, expect, it } from "vitest";
import { withPath } from "../dropped-files";
import { openImportSource } from "./import-source";

const bytes = (n: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, n]);

/** A zip's bytes (jsdom's File takes bytes, not Node's Blob). */
async function zip(entries: readonly [string, Uint8Array][]): Promise<Uint8Array<ArrayBuffer>> {
  const writer = new ZipWriter(new BlobWriter());
  for (const [name, data] of entries) await writer.add(name, new Uint8ArrayReader(data));
  return new Uint8Array(await (await writer.close()).arrayBuffer());
}

/** jsdom's File has no arrayBuffer(). */
const readBytes = (file: File) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });

describe("bulk import source", () => {
  it("groups a zip of chapters (folders and inner zips) with the shared parser", async () => {
    const inner = await zip([
      ["10.png", bytes(3)],
      ["2.png", bytes(4)],
    ]);
    const outer = await zip([
      ["Series/Chapter 3 - Cuối/b.png", bytes(1)],
      ["Series/Chapter 3 - Cuối/a.png", bytes(2)],
      ["Series/Vol.2 Ch.1.5.zip", inner],
      ["Series/notes.txt", bytes(9)],
    ]);
    const source = await openImportSource([new File([outer], "Series.zip")]);
    expect(source.name).toBe("Series.zip");
    expect(source.chapters.map((c) => [c.parsed.order, c.parsed.volume, c.parsed.title])).toEqual([
      [1.5, 2, ""],
      [3, null, "Cuối"],
    ]);
    expect(source.skipped.map((f) => f.path)).toEqual(["Series/notes.txt"]);
    const innerPages = await source.pagesOf(source.chapters[0]!);
    expect(innerPages.map((p) => p.path)).toEqual([
      "Series/Vol.2 Ch.1.5.zip/2.png",
      "Series/Vol.2 Ch.1.5.zip/10.png",
    ]);
    const file = await innerPages[1]!.file();
    expect(file.webkitRelativePath).toBe("Series/Vol.2 Ch.1.5.zip/10.png");
    expect(new Uint8Array(await readBytes(file))).toEqual(bytes(3));
    expect((await source.pagesOf(source.chapters[1]!)).map((p) => p.path)).toEqual([
      "Series/Chapter 3 - Cuối/a.png",
      "Series/Chapter 3 - Cuối/b.png",
    ]);
    await source.close();
  });

  it("reads a dropped folder by its relative paths", async () => {
    const files = [
      withPath(new File([bytes(1)], "1.png"), "Drop/Oneshot - Hè/1.png"),
      withPath(new File([bytes(2)], "1.png"), "Drop/12.5/1.png"),
    ];
    const source = await openImportSource(files);
    expect(source.name).toBe("Drop");
    expect(source.chapters.map((c) => c.parsed.order)).toEqual([-1, 12.5]);
    expect(await (await source.pagesOf(source.chapters[0]!))[0]!.file()).toBe(files[0]);
  });

  it("refuses a traversal name before reading any entry", async () => {
    const evil = await zip([
      ["Chapter 1/1.png", bytes(1)],
      ["../evil/2.png", bytes(2)],
    ]);
    const error = await openImportSource([new File([evil], "evil.zip")]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveRefusal);
    expect((error as ArchiveRefusal).code).toBe("unsafeName");
    expect((error as ArchiveRefusal).params).toEqual({ name: "../evil/2.png" });
  });

  it("refuses a zip bomb's expansion ratio from the directory", async () => {
    const bomb = await zip([["Chapter 1/1.png", new Uint8Array(4 * 1024 * 1024)]]);
    const error = await openImportSource([new File([bomb], "bomb.zip")]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveRefusal);
    expect((error as ArchiveRefusal).code).toBe("expansionRatio");
  });
});
