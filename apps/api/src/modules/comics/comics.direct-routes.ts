/**
 * Direct uploads on S3 (lib/direct-upload.ts) of a comic's images besides a new comic's cover
 * (comics.routes.ts): the cover of an existing comic and volume art. Each multipart route has a
 * pair `.../presign` (signed PUT URLs) + `.../direct` (confirm); the confirm runs the multipart
 * route's service function, so who may call what (comics.service.ts, docs/permissions.md) is the
 * same. Presign asks the service too (presignThumbnail, presignArt), before any URL is handed out.
 */
import { ZArtDirectRequest, ZArtPresignRequest, ZComicArt } from "@vt/shared/contracts/comic-arts";
import { COMIC_IMAGE_MAX_BYTES, ZComicDetail, ZComicIdParams } from "@vt/shared/contracts/comics";
import {
  ZDirectUploadTickets,
  ZSingleDirectUploadConfirm,
  ZSingleDirectUploadRequest,
} from "@vt/shared/contracts/images";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import type { DirectUploadScope } from "../../lib/direct-upload";
import { directUploadErrors } from "../../lib/route-errors";
import { directImages, directTickets } from "../../lib/upload-flow";
import * as service from "./comics.service";

type App = Parameters<FastifyPluginAsyncZod>[0];

const presigned = { 200: ZDirectUploadTickets, ...directUploadErrors };
const confirmed = directUploadErrors;

/** A changed cover: tickets are valid for this comic's cover only. */
const thumbnailScope = (comicId: number): DirectUploadScope => ({
  target: `thumbnail:${comicId}`,
  prefix: "comics",
  suffix: "_cover",
  maxBytes: COMIC_IMAGE_MAX_BYTES,
  maxFiles: 1,
});

/** Volume art: tickets are valid for this comic and volume only (both are in the target). */
const artScope = (comicId: number, volume: number): DirectUploadScope => ({
  target: `art:${comicId}:${volume}`,
  prefix: "comics",
  suffix: "_art",
  maxBytes: COMIC_IMAGE_MAX_BYTES,
  maxFiles: 1,
});

export function registerComicDirectRoutes(
  app: App,
  deps: (request: FastifyRequest) => service.ComicsDeps,
): void {
  const tags = ["comics"];

  app.post(
    "/comics/:comicId/thumbnail/presign",
    {
      schema: {
        tags,
        summary:
          "S3 storage only: a presigned PUT URL for a new cover of this comic; then POST .../thumbnail/direct",
        params: ZComicIdParams,
        body: ZSingleDirectUploadRequest,
        response: presigned,
      },
    },
    async (request) => {
      const { comicId } = request.params;
      const uploads = await service.presignThumbnail(
        deps(request),
        await requireUser(request),
        comicId,
        directTickets(request, thumbnailScope(comicId), request.body.files),
      );
      return { uploads };
    },
  );

  app.post(
    "/comics/:comicId/thumbnail/direct",
    {
      schema: {
        tags,
        summary:
          "Replace the cover with one uploaded straight to the bucket (key and token from .../thumbnail/presign)",
        params: ZComicIdParams,
        body: ZSingleDirectUploadConfirm,
        response: { 200: ZComicDetail, ...confirmed },
      },
    },
    async (request) => {
      const { comicId } = request.params;
      const reader = directImages(request, thumbnailScope(comicId), request.body.files, null);
      return service.setThumbnail(deps(request), await requireUser(request), comicId, reader);
    },
  );

  app.post(
    "/comics/arts/presign",
    {
      schema: {
        tags,
        summary: "S3 storage only: a presigned PUT URL for a volume art image; then POST /comics/arts/direct",
        body: ZArtPresignRequest,
        response: presigned,
      },
    },
    async (request) => {
      const { comicId, volume, files } = request.body;
      const tickets = directTickets(request, artScope(comicId, volume), files, { comicId, volume });
      return { uploads: await service.presignArt(deps(request), await requireUser(request), tickets) };
    },
  );

  app.post(
    "/comics/arts/direct",
    {
      schema: {
        tags,
        summary:
          "Add a volume art image uploaded straight to the bucket (key and token from /comics/arts/presign)",
        body: ZArtDirectRequest,
        response: { 201: ZComicArt, ...confirmed },
      },
    },
    async (request, reply) => {
      const { comicId, volume, files } = request.body;
      const reader = directImages(request, artScope(comicId, volume), files, { comicId, volume });
      return reply.code(201).send(await service.createArt(deps(request), await requireUser(request), reader));
    },
  );
}
