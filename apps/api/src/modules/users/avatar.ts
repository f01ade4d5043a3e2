import { AVATAR_MAX_BYTES } from "@vt/shared/contracts/users";
import type { DirectUploadScope, IncomingImage } from "../../lib/direct-upload";
import { storeIncoming } from "../../lib/direct-upload";
import type { Storage } from "../../storage/storage";

/** Direct upload of an avatar (S3): a ticket is valid for its user's avatar uploads only. */
export const avatarScope = (userId: number): DirectUploadScope => ({
  target: `avatar:${userId}`,
  prefix: "users",
  suffix: "_avatar",
  maxBytes: AVATAR_MAX_BYTES,
  maxFiles: 1,
});

/**
 * Stores an avatar that passed the image gate (one the browser stored itself, a direct upload, is
 * kept where it is); returns its public URL. Any signed-in user may upload their own; the profile
 * update (PUT /users/:id) is what sets it.
 */
export async function storeAvatar(storage: Storage, image: IncomingImage): Promise<string> {
  const key = await storeIncoming(storage, image, { prefix: "users", suffix: "_avatar" });
  return storage.publicUrl(key);
}
