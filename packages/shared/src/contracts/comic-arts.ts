/**
 * Contracts of a comic's volume art (`/api/comics/arts/*`). Who may read,
 * add and remove arts: members of a team that may upload to the comic (docs/permissions.md).
 *
 * Routes (all under /api; session cookie; writes send the x-app-origin header):
 *   GET    /comics/arts/:comicId                           -> ZComicArt[] (each with comicId)
 *   POST   /comics/arts          (multipart `file` + fields comicId, volume) -> 201 ZComicArt
 *   POST   /comics/arts/presign|direct (S3 storage: ZArtPresignRequest, ZArtDirectRequest) -> 201 ZComicArt
 *   DELETE /comics/arts/:artId                             -> ZMessageResponse (contracts/comics.ts)
 */
import { z } from "zod";
import { ZComicIdParams, zIdParam } from "./comics";
import { ZDirectUploadedFile, ZDirectUploadFile, ZStoredImage } from "./images";

export const ZComicArt = z.object({
  id: z.number().int(),
  comicId: z.number().int(),
  volume: z.number().int(),
  image: ZStoredImage,
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
});
export type TComicArt = z.infer<typeof ZComicArt>;
export const ZComicArtList = z.array(ZComicArt);
export const ZComicArtsParams = ZComicIdParams;
export const ZArtParams = z.object({ artId: zIdParam });

/** The form fields sent with the multipart `file` of `POST /api/comics/arts`. */
export const ZCreateArtFields = z.object({
  comicId: z.coerce
    .number({ error: () => "validation.comicRequired" })
    .int({ error: "validation.comicRequired" })
    .min(1, { error: "validation.comicRequired" })
    .max(2_147_483_647, { error: "validation.comicRequired" }),
  volume: z.coerce
    .number({ error: () => "validation.invalid" })
    .int({ error: "validation.invalid" })
    .min(0, { error: "validation.tooSmall" })
    .max(10_000, { error: "validation.tooBig" }),
});
/** `POST /comics/arts/presign` (S3 storage): the art's comic and volume, and the file to sign. */
export const ZArtPresignRequest = ZCreateArtFields.extend({
  files: z.array(ZDirectUploadFile).min(1, { error: "validation.required" }),
}).meta({ id: "ArtPresignRequest" });
/** `POST /comics/arts/direct`: the same comic and volume, and the uploaded object. */
export const ZArtDirectRequest = ZCreateArtFields.extend({
  files: z.array(ZDirectUploadedFile).min(1, { error: "validation.required" }),
}).meta({ id: "ArtDirectRequest" });
