import { randomBytes } from "node:crypto";
import { assertValidKey, assertValidPutOptions, type PutOptions, type StoragePrefix } from "./storage";

/**
 * `<prefix>/<yyyy>/<mm>/<16 random base64url chars><suffix>.<ext>`, or with a `name`
 * `<prefix>/<yyyy>/<mm>/<16 random chars>/<name><suffix>.<ext>` (the random folder keeps keys unique).
 */
/** Length of the random part of a generated key (12 random bytes, base64url). */
const ID_LENGTH = 16;

export function generateKey(options: PutOptions, now = new Date()): string {
  if (options.key) return options.key;
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  const id = randomBytes(12).toString("base64url");
  const last = options.name ? `${id}/${options.name}` : id;
  return `${options.prefix}/${yyyy}/${mm}/${last}${options.suffix ?? ""}.${options.ext}`;
}

/**
 * A new key for an object moved under `prefix`: this month, a fresh random part, the same tail
 * (suffix, `/<name>`, extension). `tmp/2026/11/<id>_avatar.png` -> `users/2026/12/<new id>_avatar.png`.
 * Direct uploads are staged under `tmp/` and copied to such a key on confirm (lib/direct-upload.ts).
 */
export function movedKey(key: string, prefix: StoragePrefix, now = new Date()): string {
  assertValidKey(key);
  const [, , , last = "", ...more] = key.split("/");
  const tail = [last.slice(ID_LENGTH), ...more].join("/");
  const moved = generateKey({ prefix, ext: "x", contentType: "" }, now).replace(/\.x$/, tail);
  assertValidKey(moved);
  return moved;
}

/** The key a put stores under: its options checked (else InvalidStorageKeyError), then generateKey. */
export function keyForPut(options: PutOptions): string {
  assertValidPutOptions(options);
  return generateKey(options);
}

/** Extension of the small WebP derived from a stored image (page or cover), beside its source. */
export const THUMB_SUFFIX = ".thumb.webp";

/** The key of the thumbnail derived from `key` (`comics/2026/11/x.jpg` -> `comics/2026/11/x.jpg.thumb.webp`). */
export function thumbKeyOf(key: string): string {
  return `${key}${THUMB_SUFFIX}`;
}
