/**
 * A streaming zip writer for stored (uncompressed) entries, byte for byte the layout client-zip
 * wrote before it (version 4.5, UTF-8 names, data descriptors, zip64 past 4 GiB): each entry's local
 * header goes out before its bytes, the CRC and sizes follow in a data descriptor, so an entry is
 * written while it is read and never held whole.
 *
 *   const zip = zipWriter(new Date());
 *   await write(zip.start("1.jpg"));
 *   for (const chunk of page) { zip.update(chunk); await write(chunk); }
 *   await write(zip.end());
 *   await write(zip.finish());
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (zip's) of `data`, continuing from `crc` (the CRC of the bytes before it). */
export function crc32(data: Uint8Array, crc = 0): number {
  let c = ~crc;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

const U32 = 0xffffffff;
const u32 = (n: number) => Math.min(U32, n);

/** MS-DOS time and date (local time), as zip headers store them. */
function dosDateTime(view: DataView, at: number, d: Date) {
  view.setUint16(at, (d.getSeconds() >> 1) | (d.getMinutes() << 5) | (d.getHours() << 11), true);
  view.setUint16(at + 2, d.getDate() | ((d.getMonth() + 1) << 5) | ((d.getFullYear() - 1980) << 9), true);
}

const FLAGS = 0x0808; // sizes in a data descriptor; UTF-8 names
const FILE_MODE = 0o100664; // a regular file, rw-rw-r--

/** Writes stored entries one after the other; every method returns the bytes to write next. */
export function zipWriter(lastModified: Date) {
  const central: Uint8Array[] = [];
  let offset = 0; // where the next local header starts
  let count = 0;
  let zip64 = false;
  let entry: { name: Uint8Array; offset: number; crc: number; size: number } | undefined;

  const header = (size: number) => {
    const bytes = new Uint8Array(size);
    return { bytes, view: new DataView(bytes.buffer) };
  };

  return {
    /** The local header of an entry named `name`. */
    start(name: string): Uint8Array {
      const nameBytes = new TextEncoder().encode(name);
      entry = { name: nameBytes, offset, crc: 0, size: 0 };
      const { bytes, view } = header(30 + nameBytes.length);
      view.setUint32(0, 0x04034b50, true);
      view.setUint16(4, 45, true);
      view.setUint16(6, FLAGS, true);
      dosDateTime(view, 10, lastModified);
      view.setUint16(26, nameBytes.length, true);
      bytes.set(nameBytes, 30);
      return bytes;
    },
    /** Counts `chunk` of the current entry's bytes (written by the caller). */
    update(chunk: Uint8Array) {
      entry!.crc = crc32(chunk, entry!.crc);
      entry!.size += chunk.length;
    },
    /** The current entry's data descriptor (its CRC and size). */
    end(): Uint8Array {
      const e = entry!;
      entry = undefined;
      const big = e.size >= U32;
      const { bytes, view } = header(big ? 24 : 16);
      view.setUint32(0, 0x08074b50, true);
      view.setUint32(4, e.crc, true);
      if (big) {
        view.setBigUint64(8, BigInt(e.size), true);
        view.setBigUint64(16, BigInt(e.size), true);
      } else {
        view.setUint32(8, e.size, true);
        view.setUint32(12, e.size, true);
      }
      const extra = (e.offset >= U32 ? 12 : 0) | (big ? 28 : 0);
      const c = header(46 + e.name.length + extra);
      c.view.setUint32(0, 0x02014b50, true);
      c.view.setUint16(4, 0x032d, true); // made by: Unix, 4.5
      c.view.setUint16(6, 45, true);
      c.view.setUint16(8, FLAGS, true);
      dosDateTime(c.view, 12, lastModified);
      c.view.setUint32(16, e.crc, true);
      c.view.setUint32(20, u32(e.size), true);
      c.view.setUint32(24, u32(e.size), true);
      c.view.setUint16(28, e.name.length, true);
      c.view.setUint16(30, extra, true);
      c.view.setUint16(40, FILE_MODE, true);
      c.view.setUint32(42, u32(e.offset), true);
      c.bytes.set(e.name, 46);
      if (extra) {
        const at = 46 + e.name.length;
        c.view.setUint16(at, 1, true); // zip64 extended information
        c.view.setUint16(at + 2, extra - 4, true);
        if (big) {
          c.view.setBigUint64(at + 4, BigInt(e.size), true);
          c.view.setBigUint64(at + 12, BigInt(e.size), true);
        }
        c.view.setBigUint64(at + extra - 8, BigInt(e.offset), true);
      }
      central.push(c.bytes);
      offset += 30 + e.name.length + e.size + bytes.length;
      count++;
      zip64 ||= big;
      return bytes;
    },
    /** The central directory and the end records. */
    finish(): Uint8Array {
      const dirSize = central.reduce((s, c) => s + c.length, 0);
      const end64 = zip64 || offset >= U32 ? 76 : 0;
      const { bytes, view } = header(dirSize + end64 + 22);
      let at = 0;
      for (const c of central) {
        bytes.set(c, at);
        at += c.length;
      }
      if (end64) {
        view.setUint32(at, 0x06064b50, true);
        view.setBigUint64(at + 4, 44n, true);
        view.setUint16(at + 12, 0x032d, true);
        view.setUint16(at + 14, 45, true);
        view.setBigUint64(at + 24, BigInt(count), true);
        view.setBigUint64(at + 32, BigInt(count), true);
        view.setBigUint64(at + 40, BigInt(dirSize), true);
        view.setBigUint64(at + 48, BigInt(offset), true);
        view.setUint32(at + 56, 0x07064b50, true);
        view.setBigUint64(at + 64, BigInt(offset + dirSize), true);
        view.setUint32(at + 72, 1, true);
        at += 76;
      }
      view.setUint32(at, 0x06054b50, true);
      view.setUint16(at + 8, Math.min(0xffff, count), true);
      view.setUint16(at + 10, Math.min(0xffff, count), true);
      view.setUint32(at + 12, u32(dirSize), true);
      view.setUint32(at + 16, u32(offset), true);
      return bytes;
    },
  };
}
