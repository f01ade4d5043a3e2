/**
 * Markup hidden in an image file (a JPEG+HTML polyglot, a script in a comment segment, a PNG text
 * chunk or a GIF comment, HTML after the end of the image): the server's image gate
 * (apps/api/src/lib/image-gate.ts) refuses such files as "not an image".
 *
 * Only the bytes outside the compressed pixel data are searched: every header, metadata, comment
 * and unknown chunk, and whatever follows the end of the image. Compressed pixel data (a JPEG's
 * entropy-coded scans, PNG IDAT, GIF colour tables and image data, WebP VP8/VP8L/ALPH) is close to random bytes, in
 * which `<svg` turns up by chance about once in 540 MB: searching it refused about one real 1 MB
 * page in 500. No browser sniffs markup out of the middle of a file that starts with an image
 * signature, and a file whose structure breaks is searched from there to its end.
 */

import { sniffImageType } from "./image-sniff";
import { jpegSegments } from "./jpeg-header";

const MARKUP = [
  "<script",
  "<html",
  "<!doctype",
  "<svg",
  "<iframe",
  "<body",
  "<?php",
  "<object",
  "<embed",
  "<meta",
];
const LT = 0x3c;

/** A byte range [start, end) to search. */
type Range = readonly [start: number, end: number];

/** True when the bytes carry HTML/SVG/script markup outside their compressed pixel data. */
export function containsMarkup(bytes: Uint8Array): boolean {
  return searchedRanges(bytes).some(([start, end]) => hasMarkup(bytes, start, Math.min(end, bytes.length)));
}

function hasMarkup(bytes: Uint8Array, start: number, end: number): boolean {
  const lower = (b: number) => (b >= 0x41 && b <= 0x5a ? b + 0x20 : b);
  for (let i = bytes.indexOf(LT, start); i !== -1 && i < end; i = bytes.indexOf(LT, i + 1)) {
    for (const m of MARKUP) {
      if (i + m.length > end) continue;
      let j = 1;
      while (j < m.length && lower(bytes[i + j]!) === m.charCodeAt(j)) j++;
      if (j === m.length) return true;
    }
  }
  return false;
}

/** The parts of `bytes` that are not compressed pixel data; the whole file for a type not known here. */
function searchedRanges(bytes: Uint8Array): Range[] {
  switch (sniffImageType(bytes)) {
    case "image/jpeg":
      return jpegRanges(bytes);
    case "image/png":
      return pngRanges(bytes);
    case "image/gif":
      return gifRanges(bytes);
    case "image/webp":
      return webpRanges(bytes);
    default:
      return [[0, bytes.length]];
  }
}

function jpegRanges(bytes: Uint8Array): Range[] {
  const ranges: Range[] = [[0, 2]];
  for (const { marker, start, end } of jpegSegments(bytes))
    ranges.push([marker === null ? start : start - 4, end]);
  return ranges;
}

const be32 = (bytes: Uint8Array, i: number) =>
  ((bytes[i]! << 24) >>> 0) + (bytes[i + 1]! << 16) + (bytes[i + 2]! << 8) + bytes[i + 3]!;
const le32 = (bytes: Uint8Array, i: number) =>
  bytes[i]! + (bytes[i + 1]! << 8) + (bytes[i + 2]! << 16) + bytes[i + 3]! * 0x1000000;
const fourCC = (bytes: Uint8Array, i: number) => String.fromCharCode(...bytes.subarray(i, i + 4));

/** PNG chunks (length, type, data, CRC) but the image data; after IEND, the rest. */
function pngRanges(bytes: Uint8Array): Range[] {
  const ranges: Range[] = [[0, 8]];
  let i = 8;
  while (i + 8 <= bytes.length) {
    const type = fourCC(bytes, i + 4);
    const end = i + 12 + be32(bytes, i);
    ranges.push(type === "IDAT" || type === "fdAT" ? [i, i + 8] : [i, end]);
    i = end;
    if (type === "IEND") break;
  }
  ranges.push([Math.min(i, bytes.length), bytes.length]);
  return ranges;
}

/** RIFF chunks of a WebP but the compressed bitstreams (frames are walked into); after the RIFF, the rest. */
function webpRanges(bytes: Uint8Array): Range[] {
  const ranges: Range[] = [[0, 12]];
  const riffEnd = Math.min(8 + le32(bytes, 4), bytes.length);
  const walk = (from: number, to: number) => {
    let i = from;
    while (i + 8 <= to) {
      const type = fourCC(bytes, i);
      const end = i + 8 + le32(bytes, i + 4);
      if (type === "VP8 " || type === "VP8L" || type === "ALPH") ranges.push([i, i + 8]);
      else if (type === "ANMF") {
        ranges.push([i, i + 24]);
        walk(i + 24, Math.min(end, to));
      } else ranges.push([i, end]);
      i = end + (end % 2);
    }
    if (i < to) ranges.push([i, to]);
  };
  walk(12, riffEnd);
  ranges.push([riffEnd, bytes.length]);
  return ranges;
}

/** GIF header and extensions (comments, application data) but colour tables and LZW image data; after the trailer, the rest. */
function gifRanges(bytes: Uint8Array): Range[] {
  const colourTable = (flags: number) => (flags & 0x80 ? 3 << ((flags & 0x07) + 1) : 0);
  /** The end of the sub-blocks starting at `i` (past their zero terminator). */
  const subBlocksEnd = (i: number) => {
    while (i < bytes.length && bytes[i] !== 0) i += 1 + bytes[i]!;
    return i + 1;
  };
  const ranges: Range[] = [[0, 13]];
  let i = 13 + colourTable(bytes[10] ?? 0);
  while (i < bytes.length) {
    const block = bytes[i];
    if (block === 0x21) {
      const end = subBlocksEnd(i + 2);
      ranges.push([i, end]);
      i = end;
    } else if (block === 0x2c) {
      ranges.push([i, i + 10]);
      i = subBlocksEnd(i + 10 + colourTable(bytes[i + 9] ?? 0) + 1);
    } else break;
  }
  ranges.push([Math.min(i, bytes.length), bytes.length]);
  return ranges;
}
