/**
 * The marker segments Chromium's canvas JPEG encoder (`OffscreenCanvas.convertToBlob` /
 * `canvas.toBlob` with "image/jpeg") writes right after SOI, and the way `npm run upload` puts them
 * into a sharp-encoded JPEG, so the command-line uploader stores the same bytes as the dashboard in
 * Chromium for the pages both encode from the same pixels (docs/bulk-import.md, "Which pages are
 * uploaded byte for byte").
 *
 * Captured from Chromium 156 (OffscreenCanvas 2D context, quality 0.95; the same for every page
 * tried): the output is SOI, a JFIF APP0 (version 1.1, no density unit, 1:1) and an APP2
 * ICC_PROFILE holding Skia's 456-byte sRGB profile ("Google Inc. 2016"), then DQT, SOF0, DHT and
 * SOS exactly as sharp's `jpeg({ quality })` writes them (its bundled mozjpeg with sharp's default
 * options), which writes no APPn segment. A Chromium release that changes these segments changes
 * this constant (apps/web/e2e/bulk-import.spec.ts compares the two tools' stored bytes).
 */

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

/** JFIF APP0: "JFIF\0", version 1.1, density unit 0 (aspect ratio only), 1:1, no thumbnail. */
const JFIF_APP0 = "ffe000104a46494600010100000100010000";

/** APP2: "ICC_PROFILE\0", chunk 1 of 1, then Skia's sRGB profile (456 bytes). */
const ICC_APP2 = [
  "ffe201d84943435f50524f46494c45000101000001c800000000043000006d6e74725247422058595a2007e000010001",
  "00000000000061637370000000000000000000000000000000000000000000000000000000010000f6d6000100000000",
  "d32d00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
  "00000000000964657363000000f0000000247258595a00000114000000146758595a00000128000000146258595a0000",
  "013c00000014777470740000015000000014725452430000016400000028675452430000016400000028625452430000",
  "016400000028637072740000018c0000003c6d6c756300000000000000010000000c656e5553000000080000001c0073",
  "00520047004258595a200000000000006fa2000038f50000039058595a2000000000000062990000b785000018da5859",
  "5a2000000000000024a000000f840000b6cf58595a20000000000000f6d6000100000000d32d70617261000000000004",
  "0000000266660000f2a700000d59000013d000000a5b00000000000000006d6c756300000000000000010000000c656e",
  "5553000000200000001c0047006f006f0067006c006500200049006e0063002e00200032003000310036",
].join("");

/** The APP0 + APP2 segments Chromium writes after SOI (492 bytes). */
export const BROWSER_JPEG_HEADER: Uint8Array = fromHex(JFIF_APP0 + ICC_APP2);

const isApp = (marker: number) => marker >= 0xe0 && marker <= 0xef;

/**
 * `jpeg` with the APPn segments right after SOI (JFIF, EXIF, ICC, ...; none when sharp wrote it
 * without metadata) replaced by Chromium's `BROWSER_JPEG_HEADER`; the rest (tables, frame, scan)
 * is kept as it is. Throws when `jpeg` does not start with SOI or its header is cut short.
 */
export function withBrowserJpegHeader(jpeg: Uint8Array): Uint8Array {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error("not a JPEG");
  let i = 2;
  while (i + 4 <= jpeg.length && jpeg[i] === 0xff && isApp(jpeg[i + 1]!)) {
    i += 2 + ((jpeg[i + 2]! << 8) | jpeg[i + 3]!);
  }
  if (i + 2 > jpeg.length || jpeg[i] !== 0xff) throw new Error("truncated JPEG header");
  const out = new Uint8Array(2 + BROWSER_JPEG_HEADER.length + jpeg.length - i);
  out.set(jpeg.subarray(0, 2));
  out.set(BROWSER_JPEG_HEADER, 2);
  out.set(jpeg.subarray(i), 2 + BROWSER_JPEG_HEADER.length);
  return out;
}
