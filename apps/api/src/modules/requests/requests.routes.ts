/**
 * Request routes: filing permission / delete / merge requests on comics (`/api/comics/...`, the
 * platform's paths), listing them (`GET /api/requests`, `/api/requests/counts`,
 * `/api/requests/:id`) and settling them (`POST /api/requests/:id/approve|reject|cancel`). Who may
 * do what is decided in requests.service.ts (docs/requests.md).
 */

import { ZComicParams } from "@vt/shared/contracts/comics";
import { PERSON_KINDS, PERSON_PATHS, ZPersonDeleteRequestBody } from "@vt/shared/contracts/people";
import {
  type TComicRequest,
  ZApproveBody,
  ZComicRequest,
  ZDeleteRequestBody,
  ZMergeRequestBody,
  ZPermissionRequestBody,
  ZRejectBody,
  ZRequestCounts,
  ZRequestCreatedResponse,
  ZRequestListQuery,
  ZRequestListResponse,
  ZRequestParams,
} from "@vt/shared/contracts/requests";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { requireUser, type SessionUser } from "../../auth/session";
import { type Lang, translate } from "../../lib/messages";
import { errorResponses as e } from "../../lib/route-errors";
import * as service from "./requests.service";

const write = e(401, 403, 404, 409, 422);

/** 201 of the request routes: the success text (docs/dashboard.md) and the request just filed. */
const filed = (reply: FastifyReply, lang: Lang, message: string, request: TComicRequest) =>
  reply.code(201).send({ message: translate(lang, message), request });

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
      const filedRequest = await service.requestPermission(
        deps(),
        await requireUser(request),
        request.params.id,
        request.body ?? undefined,
      );
      return filed(reply, request.lang, "success.permissionRequested", filedRequest);
    },
  );

  /** A request filed with a JSON body only (delete, merge): 201 with the success text and the request. */
  const fileRoute = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    file: (d: service.RequestsDeps, user: SessionUser, input: z.output<B>) => Promise<TComicRequest>,
    message: string,
  ) =>
    app.post(
      path,
      { schema: { tags, summary, body, response: { 201: ZRequestCreatedResponse, ...write } } },
      async (request, reply) => {
        const filedRequest = await file(deps(), await requireUser(request), request.body as z.output<B>);
        return filed(reply, request.lang, message, filedRequest);
      },
    );
  fileRoute(
    "/comics/deleteRequest",
    "My team (which may upload to the comic) asks for its deletion",
    ZDeleteRequestBody,
    service.requestDelete,
    "success.deleteRequested",
  );
  fileRoute(
    "/comics/mergeRequest",
    "My team (which may upload to the comic) asks to merge it into targetComicId",
    ZMergeRequestBody,
    service.requestMerge,
    "success.mergeRequested",
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

  app.get(
    "/requests/counts",
    {
      schema: {
        tags,
        summary: "Pending requests of my teams, and pending requests I may review (sidebar counts)",
        response: { 200: ZRequestCounts, ...e(401) },
      },
    },
    async (request) => service.requestCounts(deps(), await requireUser(request)),
  );

  app.get(
    "/requests/:id",
    {
      schema: {
        tags,
        summary: "One request (its team's members, its reviewers, admins)",
        params: ZRequestParams,
        response: { 200: ZComicRequest, ...e(401, 404, 422) },
      },
    },
    async (request) => service.getRequest(deps(), await requireUser(request), request.params.id),
  );

  /** A reviewer's decision on request `id`. */
  const review = async (request: FastifyRequest, id: number, decision: "approve" | "reject", note: string) =>
    service.reviewRequest(deps(), await requireUser(request), id, decision, note);

  app.post(
    "/requests/:id/approve",
    {
      schema: {
        tags,
        summary:
          "Approve (and carry out) a pending request: permission by the comic's managers or admins, others by admins",
        params: ZRequestParams,
        body: ZApproveBody,
        response: { 200: ZComicRequest, ...write },
      },
    },
    async (request) => review(request, request.params.id, "approve", request.body?.note ?? ""),
  );

  app.post(
    "/requests/:id/reject",
    {
      schema: {
        tags,
        summary: "Reject a pending request with a note (its reviewers)",
        params: ZRequestParams,
        body: ZRejectBody,
        response: { 200: ZComicRequest, ...write },
      },
    },
    async (request) => review(request, request.params.id, "reject", request.body.note),
  );

  app.post(
    "/requests/:id/cancel",
    {
      schema: {
        tags,
        summary: "Cancel a pending request of my team",
        params: ZRequestParams,
        response: { 200: ZComicRequest, ...write },
      },
    },
    async (request) => service.cancelRequest(deps(), await requireUser(request), request.params.id),
  );
  // A person's delete request is answered under the person's path (people.routes.ts has the rest).
  for (const kind of PERSON_KINDS) {
    app.post(
      `/${PERSON_PATHS[kind]}/:id/deleteRequest`,
      {
        schema: {
          tags: ["people"],
          summary: `My team asks for this ${kind} to be deleted (reason required)`,
          params: ZComicParams,
          body: ZPersonDeleteRequestBody,
          response: { 201: ZRequestCreatedResponse, ...e(401, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const filedRequest = await service.requestPersonDelete(
          deps(),
          await requireUser(request),
          kind,
          request.params.id,
          request.body,
        );
        return filed(reply, request.lang, "success.deleteRequested", filedRequest);
      },
    );
  }
};
