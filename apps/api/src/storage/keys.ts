import { randomBytes } from "node:crypto";
import type { PutOptions } from "./storage";

/** `<prefix>/<yyyy>/<mm>/<16 random base64url chars><suffix>.<ext>` */
export function generateKey(options: PutOptions, now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  const id = randomBytes(12).toString("base64url");
  return `${options.prefix}/${yyyy}/${mm}/${id}${options.suffix ?? ""}.${options.ext}`;
}
