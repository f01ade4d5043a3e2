/**
 * Request routes: filing permission / delete / merge requests on comics (`/api/comics/...`, the
 * spec's paths), my teams' requests (`GET /api/requests`) and the admin review
 * (`POST /api/admin/requests/:id/approve|reject`). Rules in requests.service.ts.
 */
import {
  ZComicParams,
  ZComicRequest,
  ZDeleteRequestBody,
  ZMergeRequestBody,
  ZPermissionRequestBody,
  ZRequestCreatedResponse,
  ZRequestListQuery,
  ZRequestListResponse,
  ZRequestParams,
} from "@vt/shared/contracts/comics";
import { ZErrorBody } from "@vt/shared/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import { translate } from "../../lib/messages";
import * as service from "./requests.service";

const e = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ZErrorBody]));
const write = e(401, 403, 404, 409, 422);

export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });
  const deps = () => ({ db: app.db });
  const tags = ["requests"];

  app.post(
    "/comics/permission/:id",
    {
      schema: {
        tags,
        summary: "My team asks for upload rights on comic {id}",
        params: ZComicParams,
        body: ZPermissionRequestBody,
        response: { 201: ZRequestCreatedResponse, ...write },
      },
    },
    async (request, reply) => {
      const created = await service.requestPermission(
        deps(),
        await requireUser(request),
        request.params.id,
        request.body,
      );
      return reply
        .code(201)
        .send({ message: translate(request.lang, "success.permissionRequested"), request: created });
    },
  );

  app.post(
    "/comics/deleteRequest",
    {
      schema: {
        tags,
        summary: "My team (which may upload to the comic) asks for its deletion",
        body: ZDeleteRequestBody,
        response: { 201: ZRequestCreatedResponse, ...write },
      },
    },
    async (request, reply) => {
      const created = await service.requestDelete(deps(), await requireUser(request), request.body);
      return reply
        .code(201)
        .send({ message: translate(request.lang, "success.deleteRequested"), request: created });
    },
  );

  app.post(
    "/comics/mergeRequest",
    {
      schema: {
        tags,
        summary: "My team (which may upload to the comic) asks to merge it into targetComicId",
        body: ZMergeRequestBody,
        response: { 201: ZRequestCreatedResponse, ...write },
      },
    },
    async (request, reply) => {
      const created = await service.requestMerge(deps(), await requireUser(request), request.body);
      return reply
        .code(201)
        .send({ message: translate(request.lang, "success.mergeRequested"), request: created });
    },
  );

  app.get(
    "/requests",
    {
      schema: {
        tags,
        summary: "Requests filed by my teams (scope=mine, default) or every request (scope=all, admins)",
        querystring: ZRequestListQuery,
        response: { 200: ZRequestListResponse, ...e(401, 403, 422) },
      },
    },
    async (request) => service.listRequests(deps(), await requireUser(request), request.query),
  );

  for (const decision of ["approve", "reject"] as const) {
    app.post(
      `/admin/requests/:id/${decision}`,
      {
        schema: {
          tags,
          summary: `${decision === "approve" ? "Approve (and carry out)" : "Reject"} a pending request (platform admins)`,
          params: ZRequestParams,
          response: { 200: ZComicRequest, ...write },
        },
      },
      async (request) =>
        service.reviewRequest(deps(), await requireUser(request), request.params.id, decision),
    );
  }
};
