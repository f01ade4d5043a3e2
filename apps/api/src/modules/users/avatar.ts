import type { CheckedImage } from "../../lib/image-gate";
import type { Storage } from "../../storage/storage";

/** Stores an avatar that passed the image gate; returns its public URL. */
export async function storeAvatar(storage: Storage, image: CheckedImage): Promise<string> {
  const key = await storage.put(image.bytes, {
    prefix: "users",
    ext: image.ext,
    contentType: image.mime,
    suffix: "_avatar",
  });
  return storage.publicUrl(key);
}
