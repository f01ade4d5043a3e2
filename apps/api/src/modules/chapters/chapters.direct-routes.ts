/**
 * Direct upload on S3 (lib/direct-upload.ts) of one page's new image: the pair of
 * `POST /chapters/:id/page` (chapters.routes.ts, which also holds the pages pair). Presign
 * (presignPageImage) authorizes as the multipart route does, and the confirm runs the multipart
 * route's service function (replacePageImage, the one upload flow).
 */
import { PAGE_MAX_BYTES } from "@vt/shared/constants";
import { ZChapterPage, ZChapterPageDirectRequest } from "@vt/shared/contracts/chapter-pages";
import { ZChapterParams } from "@vt/shared/contracts/chapters";
import { ZDirectUploadTickets, ZSingleDirectUploadRequest } from "@vt/shared/contracts/images";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUserWithTeams } from "../../auth/session";
import type { DirectUploadScope } from "../../lib/direct-upload";
import { directUploadErrors } from "../../lib/route-errors";
import { directImages, directTickets } from "../../lib/upload-flow";
import * as service from "./chapters.service";

type App = Parameters<FastifyPluginAsyncZod>[0];

const errors = directUploadErrors;

/** A replaced page: tickets are valid for this chapter's page replacements only. */
const pageScope = (chapterId: number): DirectUploadScope => ({
  target: `page:${chapterId}`,
  prefix: "comics",
  keepScrambledName: true,
  page: true,
  maxBytes: PAGE_MAX_BYTES,
  maxFiles: 1,
});

export function registerChapterDirectRoutes(
  app: App,
  deps: (request: FastifyRequest) => service.ChaptersDeps,
): void {
  const tags = ["chapters"];

  app.post(
    "/chapters/:chapterId/page/presign",
    {
      schema: {
        tags,
        summary: "S3 storage only: a presigned PUT URL for one page's new image; then POST .../page/direct",
        params: ZChapterParams,
        body: ZSingleDirectUploadRequest,
        response: { 200: ZDirectUploadTickets, ...errors },
      },
    },
    async (request) => {
      const { chapterId } = request.params;
      const uploads = await service.presignPageImage(
        deps(request),
        await requireUserWithTeams(request),
        chapterId,
        directTickets(request, pageScope(chapterId), request.body.files),
      );
      return { uploads };
    },
  );

  app.post(
    "/chapters/:chapterId/page/direct",
    {
      schema: {
        tags,
        summary:
          "Replace one page's image with one uploaded straight to the bucket (key and token from .../page/presign)",
        params: ZChapterParams,
        body: ZChapterPageDirectRequest,
        response: { 200: ZChapterPage, ...errors },
      },
    },
    async (request) => {
      const { chapterId } = request.params;
      const { files, ...form } = request.body;
      return service.replacePageImage(
        deps(request),
        await requireUserWithTeams(request),
        chapterId,
        directImages(request, pageScope(chapterId), files, form),
      );
    },
  );
}
