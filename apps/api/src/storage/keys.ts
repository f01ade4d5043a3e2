import { randomBytes } from "node:crypto";
import { assertValidPutOptions, type PutOptions } from "./storage";

/**
 * `<prefix>/<yyyy>/<mm>/<16 random base64url chars><suffix>.<ext>`, or with a `name`
 * `<prefix>/<yyyy>/<mm>/<16 random chars>/<name><suffix>.<ext>` (the random folder keeps keys unique).
 */
export function generateKey(options: PutOptions, now = new Date()): string {
  if (options.key) return options.key;
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  const id = randomBytes(12).toString("base64url");
  const last = options.name ? `${id}/${options.name}` : id;
  return `${options.prefix}/${yyyy}/${mm}/${last}${options.suffix ?? ""}.${options.ext}`;
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
