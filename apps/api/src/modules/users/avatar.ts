import { AVATAR_MAX_BYTES } from "@vt/shared/contracts/users";
import type { DirectUploadScope } from "../../lib/direct-upload";
import {
  type ImageReader,
  presignImageUpload,
  runImageUpload,
  type TicketRequest,
  type UploadAccess,
  type UploadDeps,
} from "../../lib/upload-flow";

/** Direct upload of an avatar (S3): a ticket is valid for its user's avatar uploads only. */
export const avatarScope = (userId: number): DirectUploadScope => ({
  target: `avatar:${userId}`,
  prefix: "users",
  suffix: "_avatar",
  maxBytes: AVATAR_MAX_BYTES,
  maxFiles: 1,
});

/** Who may upload an avatar (any signed-in user, their own), and its limits: upload and presign. */
const AVATAR_ACCESS = {
  authorize: async () => undefined,
  limits: { maxBytes: AVATAR_MAX_BYTES, maxFiles: 1, maxFields: 5 },
} satisfies UploadAccess<unknown, undefined>;

/** `POST /users/avatar/presign`: authorized as `uploadAvatar`, then one signed PUT. */
export function presignAvatar(tickets: TicketRequest<unknown>) {
  return presignImageUpload(tickets, AVATAR_ACCESS);
}

/**
 * `POST /users/avatar` and its direct pair, through the one upload flow (lib/upload-flow.ts): an
 * avatar that passed the image gate is stored and its public URL answered. Any signed-in user may
 * upload their own; nothing is recorded here, the profile update (PUT /users/:id) is what sets it.
 */
export function uploadAvatar(deps: UploadDeps, reader: ImageReader<unknown>): Promise<string> {
  return runImageUpload(deps, reader, {
    ...AVATAR_ACCESS,
    store: (image) =>
      deps.storage.put(image.bytes, {
        prefix: "users",
        suffix: "_avatar",
        ext: image.ext,
        contentType: image.mime,
      }),
    record: async ([avatar]) => deps.storage.publicUrl(avatar!.key),
  });
}
