import { ZTeamParams } from "@vt/shared/contracts/teams";
import { ZUpdateUploadSettingsRequest, ZUploadSettings } from "@vt/shared/contracts/upload-settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import { errorResponses as e } from "../../lib/route-errors";
import * as service from "./upload-settings.service";

/**
 * `/api/teams/:teamId/upload-settings`: the team's publish delay and tall-strip default
 * (docs/bulk-import.md).
 */
export const uploadSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });
  const tags = ["teams"];

  app.get(
    "/teams/:teamId/upload-settings",
    {
      schema: {
        tags,
        summary:
          "Upload settings: publish delay in hours (fills new chapters' scheduled date), tall-strip default",
        params: ZTeamParams,
        response: { 200: ZUploadSettings, ...e(401, 403, 404) },
      },
    },
    async (request) => service.getUploadSettings(app.db, await requireUser(request), request.params.teamId),
  );

  app.put(
    "/teams/:teamId/upload-settings",
    {
      schema: {
        tags,
        summary: "Change the upload settings (manager and above); a stale `version` answers 409",
        params: ZTeamParams,
        body: ZUpdateUploadSettingsRequest,
        response: { 200: ZUploadSettings, ...e(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      service.updateUploadSettings(app.db, await requireUser(request), request.params.teamId, request.body),
  );
};
