import { randomBytes } from "node:crypto";
import type { PutOptions } from "./storage";

/**
 * `<prefix>/<yyyy>/<mm>/<16 random base64url chars><suffix>.<ext>`, or with a `name`
 * `<prefix>/<yyyy>/<mm>/<16 random chars>/<name><suffix>.<ext>` (the random folder keeps keys unique).
 */
export function generateKey(options: PutOptions, now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  const id = randomBytes(12).toString("base64url");
  const last = options.name ? `${id}/${options.name}` : id;
  return `${options.prefix}/${yyyy}/${mm}/${last}${options.suffix ?? ""}.${options.ext}`;
}
