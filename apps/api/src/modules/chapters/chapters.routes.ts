/**
 * `/api/chapters/*`: the contract of every chapter route (packages/shared contracts/chapters.ts,
 * which also documents the upload flow). Handlers parse, call the service, reply; who may call
 * what is decided in chapters.service.ts and documented in docs/permissions.md.
 */
import { MAX_PAGES_PER_UPLOAD, PAGE_MAX_BYTES } from "@vt/shared/constants";
import {
  ZChapterPage,
  ZChapterPageReplaceFields,
  ZChapterPagesDirectRequest,
  ZChapterPagesFields,
  ZChapterPagesPresignRequest,
  ZChapterPageUploadResponse,
} from "@vt/shared/contracts/chapter-pages";
import {
  ZChapterComicParams,
  ZChapterDetail,
  ZChapterListQuery,
  ZChapterListResponse,
  ZChapterParams,
  ZCreateChapterRequest,
  ZMessageResponse,
  ZQuickUpdateVolumeRequest,
  ZQuickUpdateVolumeResponse,
  ZUpdateChapterRequest,
} from "@vt/shared/contracts/chapters";
import { ZComicIdParams } from "@vt/shared/contracts/comics";
import { ZDirectUploadTickets } from "@vt/shared/contracts/images";
import {
  ZChapterChecks,
  ZKeepFindingRequest,
  ZPageChecksRequest,
  ZPageChecksResponse,
} from "@vt/shared/contracts/page-checks";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, requireUserWithTeams } from "../../auth/session";
import { queueThumbnails } from "../../jobs/images-thumbnail.job";
import { wakeWebhooks } from "../../jobs/webhooks-deliver.job";
import { fieldError } from "../../lib/app-error";
import type { DirectUploadScope } from "../../lib/direct-upload";
import { translate } from "../../lib/messages";
import { errorResponses as e } from "../../lib/route-errors";
import { directImages, directTickets, multipartImages } from "../../lib/upload-flow";
import { assertJsonDepth, parseInput } from "../../lib/validation";
import { registerChapterDirectRoutes } from "./chapters.direct-routes";
import * as service from "./chapters.service";
import { checksWithKeeps, keepFinding } from "./page-check-keeps";
import { proposedChapterChecks } from "./page-checks-preview";

const scoped = e(401, 403, 404);
const write = { ...scoped, ...e(409, 422) };
const upload = { ...scoped, ...e(413, 415, 422, 429) };

/** A JSON array form field (`keys`, `clientIds`); anything else is 422 on that field. */
function jsonArrayField(fields: Record<string, string>, name: string): unknown {
  const raw = fields[name];
  if (raw === undefined || raw === "") return undefined;
  assertJsonDepth(raw, [name]);
  try {
    const value = JSON.parse(raw) as unknown;
    if (Array.isArray(value)) return value;
  } catch {
    // fall through
  }
  throw fieldError([name], "validation.invalid");
}

/** The text fields of a pages upload: `keys` and `clientIds`, JSON arrays aligned with the files. */
const pagesForm = (fields: Record<string, string>) =>
  parseInput(ZChapterPagesFields, {
    keys: jsonArrayField(fields, "keys"),
    clientIds: jsonArrayField(fields, "clientIds"),
  });

/** Direct uploads of a chapter's pages: tickets are valid for this chapter only. */
const pagesScope = (chapterId: number): DirectUploadScope => ({
  target: `chapter:${chapterId}`,
  prefix: "comics",
  keepScrambledName: true,
  page: true,
  maxBytes: PAGE_MAX_BYTES,
  maxFiles: MAX_PAGES_PER_UPLOAD,
});

export const chaptersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out calls are 401 before validation (not 422).
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });

  const deps = (request: FastifyRequest): service.ChaptersDeps => ({
    db: app.db,
    storage: app.storage,
    log: request.log,
    wakeWebhooks: () => wakeWebhooks(app.jobs, request.log),
    queueThumbnails: (data) => queueThumbnails(app.jobs, data, request.log),
  });
  const tags = ["chapters"];

  app.get(
    "/chapters/comic/:comicId",
    {
      config: { apiToken: "read" },
      schema: {
        tags,
        summary:
          "Chapters of a comic (platform shape + editor fields), by order; drafts, scheduled and hidden included unless visible=1",
        params: ZChapterComicParams,
        querystring: ZChapterListQuery,
        response: { 200: ZChapterListResponse, ...scoped, ...e(422) },
      },
    },
    async (request) =>
      service.listChapters(deps(request), await requireUser(request), request.params.comicId, request.query),
  );

  app.post(
    "/chapters/quick-update-volume",
    {
      schema: {
        tags,
        summary: "Set the volume of the comic's chapters with order in [fromChapterOrder, toChapterOrder]",
        body: ZQuickUpdateVolumeRequest,
        response: { 200: ZQuickUpdateVolumeResponse, ...write },
      },
    },
    async (request) => {
      const count = await service.quickUpdateVolume(deps(request), await requireUser(request), request.body);
      return { message: translate(request.lang, "chapters.volumeUpdated", { count }), count };
    },
  );

  app.get(
    "/chapters/:chapterId",
    {
      config: { apiToken: "read" },
      schema: {
        tags,
        summary: "A chapter with its pages ({ url, key? } in reading order, staged uploads last)",
        params: ZChapterParams,
        response: { 200: ZChapterDetail, ...scoped, ...e(422) },
      },
    },
    async (request) =>
      service.getChapter(deps(request), await requireUser(request), request.params.chapterId),
  );

  app.get(
    "/chapters/:chapterId/checks",
    {
      config: { apiToken: "read" },
      schema: {
        tags,
        summary:
          "Page checks before publishing: duplicate pages, pages already in another chapter of the comic, blank pages, misfit widths (docs/page-checks.md)",
        params: ZChapterParams,
        response: { 200: ZChapterChecks, ...scoped, ...e(422) },
      },
    },
    async (request) => checksWithKeeps(deps(request), await requireUser(request), request.params.chapterId),
  );

  app.put(
    "/chapters/:chapterId/checks/kept",
    {
      schema: {
        tags,
        summary:
          "Keep a page-check finding, or stop keeping it: `otherChapter` for the whole comic (a recap or credit page, by its picture), the other kinds for these pages of this chapter; answers the checks afresh",
        params: ZChapterParams,
        body: ZKeepFindingRequest,
        response: { 200: ZChapterChecks, ...write },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await keepFinding(deps(request), user, request.params.chapterId, request.body);
      return checksWithKeeps(deps(request), user, request.params.chapterId);
    },
  );

  app.post(
    "/comics/:comicId/page-checks",
    {
      // 6000 pages with their names fit (PAGE_CHECKS_MAX_TOTAL_PAGES); larger is 413.
      bodyLimit: 4 * 1024 * 1024,
      config: { apiToken: "read" },
      schema: {
        tags,
        summary:
          "Page checks of chapters not uploaded yet, from fingerprints computed by the caller (bulk import preview, CLI --dry-run): the findings of GET /chapters/{chapterId}/checks per proposed chapter, against the comic's stored pages and each other (docs/page-checks.md). Nothing is written.",
        params: ZComicIdParams,
        body: ZPageChecksRequest,
        response: { 200: ZPageChecksResponse, ...scoped, ...e(413, 422) },
      },
    },
    async (request) =>
      proposedChapterChecks(deps(request), await requireUser(request), request.params.comicId, request.body),
  );

  app.post(
    "/chapters",
    {
      config: { apiToken: "upload" },
      schema: {
        tags,
        summary: "Create a draft chapter",
        body: ZCreateChapterRequest,
        response: { 201: ZChapterDetail, ...write },
      },
    },
    async (request, reply) => {
      const chapter = await service.createChapter(deps(request), await requireUser(request), request.body);
      return reply.code(201).send(chapter);
    },
  );

  app.put(
    "/chapters/:chapterId",
    {
      config: { apiToken: "upload" },
      schema: {
        tags,
        summary:
          "Save the editor form and the page order in one transaction; publish/schedule with publish: true",
        params: ZChapterParams,
        body: ZUpdateChapterRequest,
        response: { 200: ZChapterDetail, ...write },
      },
    },
    async (request) =>
      service.updateChapter(
        deps(request),
        await requireUser(request),
        request.params.chapterId,
        request.body,
      ),
  );

  app.delete(
    "/chapters/:chapterId",
    {
      schema: {
        tags,
        summary: "Delete a chapter and its pages (storage objects removed after the commit)",
        params: ZChapterParams,
        response: { 200: ZMessageResponse, ...scoped, ...e(422) },
      },
    },
    async (request) => {
      await service.deleteChapter(deps(request), await requireUser(request), request.params.chapterId);
      return { message: translate(request.lang, "success.deleted") };
    },
  );

  app.post(
    "/chapters/:chapterId/pages",
    {
      config: { apiToken: "upload" },
      schema: {
        tags,
        summary:
          "Upload pages (multipart `files`, optional JSON-array fields `keys` and `clientIds` aligned with the files); stored as staged pages",
        consumes: ["multipart/form-data"],
        params: ZChapterParams,
        response: { 201: ZChapterPageUploadResponse, ...upload, ...e(409) },
      },
    },
    async (request, reply) => {
      const pages = await service.uploadPages(
        deps(request),
        await requireUserWithTeams(request),
        request.params.chapterId,
        multipartImages(request, pagesForm),
      );
      return reply.code(201).send({ pages });
    },
  );

  app.post(
    "/chapters/:chapterId/pages/presign",
    {
      config: { apiToken: "upload" },
      schema: {
        tags,
        summary:
          "S3 storage only: presigned PUT URLs for pages the browser uploads straight to the bucket (size and type signed, 10 minutes); then POST .../pages/direct",
        params: ZChapterParams,
        body: ZChapterPagesPresignRequest,
        response: { 200: ZDirectUploadTickets, ...upload, ...e(409) },
      },
    },
    async (request) => {
      const { chapterId } = request.params;
      const uploads = await service.presignPages(
        deps(request),
        await requireUserWithTeams(request),
        chapterId,
        directTickets(request, pagesScope(chapterId), request.body.files),
      );
      return { uploads };
    },
  );

  app.post(
    "/chapters/:chapterId/pages/direct",
    {
      config: { apiToken: "upload" },
      schema: {
        tags,
        summary:
          "Record pages uploaded straight to the bucket (keys and tokens from .../pages/presign): each object passes the image gate, a refused one deletes the request's objects",
        params: ZChapterParams,
        body: ZChapterPagesDirectRequest,
        response: { 201: ZChapterPageUploadResponse, ...upload, ...e(409) },
      },
    },
    async (request, reply) => {
      const { chapterId } = request.params;
      const { files } = request.body;
      const pages = await service.uploadPages(
        deps(request),
        await requireUserWithTeams(request),
        chapterId,
        directImages(request, pagesScope(chapterId), files, request.body),
      );
      return reply.code(201).send({ pages });
    },
  );

  app.post(
    "/chapters/:chapterId/page",
    {
      schema: {
        tags,
        summary: "Replace one page's image (multipart `file` + field `pageId`, optional `key`, `clientId`)",
        consumes: ["multipart/form-data"],
        params: ZChapterParams,
        response: { 200: ZChapterPage, ...upload, ...e(409) },
      },
    },
    async (request) =>
      service.replacePageImage(
        deps(request),
        await requireUserWithTeams(request),
        request.params.chapterId,
        multipartImages(request, (fields) =>
          parseInput(ZChapterPageReplaceFields, {
            pageId: fields.pageId,
            ...(fields.key ? { key: fields.key } : {}),
            ...(fields.clientId ? { clientId: fields.clientId } : {}),
          }),
        ),
      ),
  );

  registerChapterDirectRoutes(app, deps);
};
