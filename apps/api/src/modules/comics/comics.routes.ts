/**
 * `/api/comics/*`: the contract of every comic route (packages/shared contracts/comics.ts).
 * Handlers parse, call the service, reply; who may call what is decided in comics.service.ts and
 * documented in docs/permissions.md. The request routes (`/comics/permission/:id`,
 * `/comics/deleteRequest`, `/comics/mergeRequest`) live in modules/requests.
 */
import {
  ZArtParams,
  ZComicArt,
  ZComicArtList,
  ZComicArtsParams,
  ZCreateArtFields,
} from "@vt/shared/contracts/comic-arts";
import {
  COMIC_IMAGE_MAX_BYTES,
  ZCollabRequest,
  ZCollabResponse,
  ZComicDetail,
  ZComicIdParams,
  ZComicListQuery,
  ZComicListResponse,
  ZCoverUpload,
  ZCreateComicRequest,
  ZMessageResponse,
  ZUpdateComicRequest,
} from "@vt/shared/contracts/comics";
import {
  ZDirectUploadTickets,
  ZSingleDirectUploadConfirm,
  ZSingleDirectUploadRequest,
} from "@vt/shared/contracts/images";
import { ZMergeBody, ZMergeResponse } from "@vt/shared/contracts/requests";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, requireUserWithTeams } from "../../auth/session";
import { queueThumbnails } from "../../jobs/images-thumbnail.job";
import type { DirectUploadScope } from "../../lib/direct-upload";
import { translate } from "../../lib/messages";
import { errorResponses as e } from "../../lib/route-errors";
import { directImages, directTickets, multipartImages } from "../../lib/upload-flow";
import { builtAnswerSerializerCompiler, parseInput } from "../../lib/validation";
import { registerComicDirectRoutes } from "./comics.direct-routes";
import * as service from "./comics.service";

const scoped = e(401, 403, 404);
const write = { ...scoped, ...e(409, 422) };
const upload = { ...scoped, ...e(413, 415, 422, 429) };

/** Direct upload of a cover (S3): a ticket is valid for its user's cover uploads only. */
const coverScope = (userId: number): DirectUploadScope => ({
  target: `cover:${userId}`,
  prefix: "comics",
  suffix: "_cover",
  maxBytes: COMIC_IMAGE_MAX_BYTES,
  maxFiles: 1,
});

export const comicsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out calls are 401 before validation (not 422).
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });

  const deps = (request: FastifyRequest): service.ComicsDeps => ({
    db: app.db,
    storage: app.storage,
    config: app.config,
    log: request.log,
    queueThumbnails: (data) => queueThumbnails(app.jobs, data, request.log),
  });
  const tags = ["comics"];
  const message = (request: FastifyRequest, key: string) => ({ message: translate(request.lang, key) });

  app.get(
    "/comics",
    {
      schema: {
        tags,
        summary:
          "Comics my teams may upload to (scope=mine) or every comic (scope=all), platform query params",
        querystring: ZComicListQuery,
        response: { 200: ZComicListResponse, ...e(401, 422) },
      },
      serializerCompiler: builtAnswerSerializerCompiler,
    },
    async (request) => {
      const { user, teams } = await requireUserWithTeams(request);
      return service.listComics(deps(request), user, request.query, teams);
    },
  );

  app.post(
    "/comics/covers",
    {
      schema: {
        tags,
        summary: "Upload a cover (portrait 3:4, at least 600x800) to pass as `thumbnail` to POST /comics",
        consumes: ["multipart/form-data"],
        response: { 201: ZCoverUpload, ...e(401, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const cover = await service.uploadCover(
        deps(request),
        await requireUser(request),
        multipartImages(request),
      );
      return reply.code(201).send(cover);
    },
  );

  app.post(
    "/comics/covers/presign",
    {
      schema: {
        tags,
        summary:
          "S3 storage only: a presigned PUT URL for a cover the browser uploads straight to the bucket; then POST /comics/covers/direct",
        body: ZSingleDirectUploadRequest,
        response: { 200: ZDirectUploadTickets, ...e(401, 409, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return {
        uploads: await service.presignCover(directTickets(request, coverScope(user.id), request.body.files)),
      };
    },
  );

  app.post(
    "/comics/covers/direct",
    {
      schema: {
        tags,
        summary:
          "Record a cover uploaded straight to the bucket (key and token from /comics/covers/presign), checked by the image gate and the cover rule",
        body: ZSingleDirectUploadConfirm,
        response: { 201: ZCoverUpload, ...e(401, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const reader = directImages(request, coverScope(user.id), request.body.files, null);
      return reply.code(201).send(await service.uploadCover(deps(request), user, reader));
    },
  );

  app.post(
    "/comics",
    {
      schema: {
        tags,
        summary: "Create a comic for one of my teams",
        body: ZCreateComicRequest,
        response: { 201: ZComicDetail, ...write },
      },
    },
    async (request, reply) => {
      const comic = await service.createComic(deps(request), await requireUser(request), request.body);
      return reply.code(201).send(comic);
    },
  );

  // Static segments before `/comics/:id` matter only for readability: find-my-way prefers them anyway.
  app.get(
    "/comics/arts/:comicId",
    {
      schema: {
        tags,
        summary: "Volume art of a comic (each item carries comicId)",
        params: ZComicArtsParams,
        response: { 200: ZComicArtList, ...scoped },
      },
    },
    async (request) => service.listArts(deps(request), await requireUser(request), request.params.comicId),
  );

  app.post(
    "/comics/arts",
    {
      schema: {
        tags,
        summary: "Add a volume art image (multipart `file` + fields comicId, volume)",
        consumes: ["multipart/form-data"],
        response: { 201: ZComicArt, ...upload },
      },
    },
    async (request, reply) => {
      const reader = multipartImages(request, (fields) => parseInput(ZCreateArtFields, fields));
      return reply.code(201).send(await service.createArt(deps(request), await requireUser(request), reader));
    },
  );

  app.delete(
    "/comics/arts/:artId",
    {
      schema: {
        tags,
        summary: "Delete a volume art image",
        params: ZArtParams,
        response: { 200: ZMessageResponse, ...scoped },
      },
    },
    async (request) => {
      await service.deleteArt(deps(request), await requireUser(request), request.params.artId);
      return message(request, "success.deleted");
    },
  );

  app.post(
    "/comics/collab",
    {
      schema: {
        tags,
        summary: "Add or remove a collaborating team (owning team's managers and owner, admins)",
        body: ZCollabRequest,
        response: { 200: ZCollabResponse, ...write },
      },
    },
    async (request) => {
      const collaborators = await service.collab(deps(request), await requireUser(request), request.body);
      return {
        ...message(request, request.body.action === "add" ? "comics.collabAdded" : "comics.collabRemoved"),
        collaborators,
      };
    },
  );

  app.post(
    "/comics/merge",
    {
      schema: {
        tags,
        summary: "Merge comicId into targetComicId in one transaction, then delete it (platform admins)",
        body: ZMergeBody,
        response: { 200: ZMergeResponse, ...write },
      },
    },
    async (request) => {
      const moved = await service.mergeComics(deps(request), await requireUser(request), request.body);
      return { ...message(request, "success.merged"), targetComicId: request.body.targetComicId, moved };
    },
  );

  app.get(
    "/comics/:comicId",
    {
      config: { apiToken: "read" },
      schema: {
        tags,
        summary: "A comic with everything the edit form and the comic dashboard need",
        params: ZComicIdParams,
        response: { 200: ZComicDetail, ...scoped },
      },
    },
    async (request) => service.getComic(deps(request), await requireUser(request), request.params.comicId),
  );

  app.put(
    "/comics/:comicId",
    {
      schema: {
        tags,
        summary: "Update a comic's info (members of the owning team, admins)",
        params: ZComicIdParams,
        body: ZUpdateComicRequest,
        response: { 200: ZComicDetail, ...write },
      },
    },
    async (request) =>
      service.updateComic(deps(request), await requireUser(request), request.params.comicId, request.body),
  );

  app.delete(
    "/comics/:comicId",
    {
      schema: {
        tags,
        summary: "Delete a comic (platform admins; to the trash, files untouched)",
        params: ZComicIdParams,
        response: { 200: ZMessageResponse, ...scoped },
      },
    },
    async (request) => {
      await service.deleteComic(deps(request), await requireUser(request), request.params.comicId);
      return message(request, "success.deleted");
    },
  );

  app.post(
    "/comics/:comicId/thumbnail",
    {
      schema: {
        tags,
        summary: "Replace the cover (multipart `file`: portrait 3:4, at least 600x800)",
        params: ZComicIdParams,
        consumes: ["multipart/form-data"],
        response: { 200: ZComicDetail, ...upload },
      },
    },
    async (request) =>
      service.setThumbnail(
        deps(request),
        await requireUser(request),
        request.params.comicId,
        multipartImages(request),
      ),
  );

  registerComicDirectRoutes(app, deps);
};
