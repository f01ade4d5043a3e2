/**
 * `/api/teams/:teamId/donate` and `/credit`, with their QR code and credit page uploads
 * (packages/shared contracts/teams.ts); who may call what is decided in team-settings.service.ts.
 */
import {
  ZCreditSettings,
  ZDonateSettings,
  ZUpdateCreditRequest,
  ZUpdateDonateRequest,
} from "@vt/shared/contracts/team-settings";
import { ZTeamParams } from "@vt/shared/contracts/teams";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import { errorResponses as e, scopedErrors as scoped, uploadErrors as upload } from "../../lib/route-errors";
import { multipartImages } from "../../lib/upload-flow";
import { teamsDeps } from "../teams/teams.service";
import { registerTeamDirectRoutes } from "./team-settings.direct-routes";
import * as service from "./team-settings.service";

const write = { ...scoped, ...e(422) };

export const teamSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route needs a session; checking it before validation makes a signed-out call 401, not 422.
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });

  const deps = (request: FastifyRequest) => teamsDeps(app, request);
  const tags = ["teams"];
  registerTeamDirectRoutes(app, deps);

  app.get(
    "/teams/:teamId/donate",
    {
      schema: {
        tags,
        summary: "Donate settings",
        params: ZTeamParams,
        response: { 200: ZDonateSettings, ...scoped },
      },
    },
    async (request) => service.getDonate(deps(request), await requireUser(request), request.params.teamId),
  );

  app.put(
    "/teams/:teamId/donate",
    {
      schema: {
        tags,
        summary: "Update donate settings (manager and above)",
        params: ZTeamParams,
        body: ZUpdateDonateRequest,
        response: { 200: ZDonateSettings, ...write },
      },
    },
    async (request) =>
      service.updateDonate(deps(request), await requireUser(request), request.params.teamId, request.body),
  );

  app.post(
    "/teams/:teamId/donate/qr",
    {
      schema: {
        tags,
        summary: "Upload the donate QR code (multipart field `file`; JPEG/PNG/WebP/GIF, at most 5 MB)",
        consumes: ["multipart/form-data"],
        params: ZTeamParams,
        response: { 200: ZDonateSettings, ...upload },
      },
    },
    async (request) =>
      service.uploadDonateQr(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        multipartImages(request),
      ),
  );

  // ── Credit ──────────────────────────────────────────────────────────────────

  app.get(
    "/teams/:teamId/credit",
    {
      schema: {
        tags,
        summary: "Credit settings",
        params: ZTeamParams,
        response: { 200: ZCreditSettings, ...scoped },
      },
    },
    async (request) => service.getCredit(deps(request), await requireUser(request), request.params.teamId),
  );

  app.put(
    "/teams/:teamId/credit",
    {
      schema: {
        tags,
        summary: "Update credit settings; `pages` reorders or drops the current pages (manager and above)",
        params: ZTeamParams,
        body: ZUpdateCreditRequest,
        response: { 200: ZCreditSettings, ...write },
      },
    },
    async (request) =>
      service.updateCredit(deps(request), await requireUser(request), request.params.teamId, request.body),
  );

  app.post(
    "/teams/:teamId/credit/pages",
    {
      schema: {
        tags,
        summary:
          "Append credit pages (multipart field `files`, several; sorted by file name; at most 10 pages in all)",
        consumes: ["multipart/form-data"],
        params: ZTeamParams,
        response: { 200: ZCreditSettings, ...upload },
      },
    },
    async (request) =>
      service.uploadCreditPages(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        multipartImages(request),
      ),
  );
};
