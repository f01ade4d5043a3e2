import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../../lib/app-error";
import type { Storage } from "../../storage/storage";

/** Raster formats browsers render safely; SVG and anything unidentified are refused. */
const AVATAR_TYPES = new Map([
  ["image/jpeg", "jpg"],
  ["image/png", "png"],
  ["image/webp", "webp"],
  ["image/gif", "gif"],
]);

/** Checks the image by its magic bytes (never the name or declared type) and stores it. */
export async function storeAvatar(storage: Storage, bytes: Buffer): Promise<string> {
  const detected = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
  const ext = detected ? AVATAR_TYPES.get(detected.mime) : undefined;
  if (!detected || !ext) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "validation.notAnImage");
  const key = await storage.put(bytes, {
    prefix: "users",
    ext,
    contentType: detected.mime,
    suffix: "_avatar",
  });
  return storage.publicUrl(key);
}
