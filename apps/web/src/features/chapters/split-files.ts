/**
 * The tall-strip option of a page drop (docs/bulk-import.md, "Tall strips"): before the pages enter
 * the upload pipeline (and so before any scramble), each file taller than 3000 px once 1500 px wide
 * is replaced by its pieces, new JPEG files named `{stem}_1.jpg`, `{stem}_2.jpg`, ... in reading
 * order, which the grid shows as tiles of their own. A file that cannot be split (not decodable
 * here) stays as it is: the pipeline then reports it like any other page.
 */
import type { ImagePool } from "@/lib/images/pool";

type Splitter = Pick<ImagePool, "splitPage">;

export async function splitTallFiles(
  files: readonly File[],
  pool: Splitter,
  nameOf: (file: File) => string = (file) => file.name,
): Promise<File[]> {
  const out: File[] = [];
  for (const file of files) {
    const pieces = await pool.splitPage(file, nameOf(file)).then(
      (result) => result.pieces,
      () => [],
    );
    if (pieces.length < 2) {
      out.push(file);
      continue;
    }
    for (const piece of pieces) {
      out.push(
        new File([piece.blob], piece.name, { type: piece.blob.type, lastModified: file.lastModified }),
      );
    }
  }
  return out;
}
