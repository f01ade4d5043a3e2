/**
 * Direct uploads on S3 (lib/direct-upload.ts) of the team images: cover, logo, donate QR code and
 * credit pages. Each multipart route of teams.routes.ts and team-settings.routes.ts has a pair
 * `.../presign` (signed PUT URLs) + `.../direct` (confirm). Presign asks the service, which
 * authorizes as the upload does and says how many files fit (presignTeamImage, presignCreditPages);
 * the confirm runs the multipart route's service function with the bucket's objects, so
 * authorization, audit and the replaced image's removal are the same. The four pairs live here, in
 * team-settings, because this module sits above teams (docs/architecture.md) and so may call both
 * services; teams imports no module above it.
 */

import type { TDirectUploadTicket } from "@vt/shared/contracts/images";
import {
  TEAM_IMAGE_MAX_BYTES,
  ZDirectUploadConfirm,
  ZDirectUploadRequest,
  ZDirectUploadTickets,
  ZSingleDirectUploadConfirm,
  ZSingleDirectUploadRequest,
} from "@vt/shared/contracts/images";
import { ZCreditSettings, ZDonateSettings } from "@vt/shared/contracts/team-settings";
import { ZTeam, ZTeamParams } from "@vt/shared/contracts/teams";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { requireUser, type SessionUser } from "../../auth/session";
import type { DirectUploadScope } from "../../lib/direct-upload";
import { directUploadErrors } from "../../lib/route-errors";
import {
  directImages,
  directTickets,
  type ImageLimits,
  type ImageReader,
  type TicketRequest,
} from "../../lib/upload-flow";
import * as teams from "../teams/teams.service";
import * as settings from "./team-settings.service";

type App = Parameters<FastifyPluginAsyncZod>[0];

const errors = directUploadErrors;

const SUFFIX: Record<settings.TeamUploadTarget, string> = {
  cover: "_cover",
  logo: "_logo",
  qr: "_qr",
  credit: "_credit",
};

/** Tickets are valid for this team and this image only. */
const scopeOf = (teamId: number, target: settings.TeamUploadTarget, maxFiles: number): DirectUploadScope => ({
  target: `team-${target}:${teamId}`,
  prefix: "teams",
  suffix: SUFFIX[target],
  maxBytes: TEAM_IMAGE_MAX_BYTES,
  maxFiles,
});

export function registerTeamDirectRoutes(app: App, deps: (request: FastifyRequest) => teams.TeamsDeps): void {
  const tags = ["teams"];
  /**
   * `<base>/presign` and `<base>/direct` for one team image: `presign` is the service's presign of
   * the upload, `record` the multipart route's service call.
   */
  function pair(
    base: string,
    target: settings.TeamUploadTarget,
    what: string,
    answer: z.ZodType,
    presign: (
      d: teams.TeamsDeps,
      user: SessionUser,
      teamId: number,
      tickets: TicketRequest<unknown>,
    ) => Promise<TDirectUploadTicket[]>,
    record: (
      d: teams.TeamsDeps,
      user: SessionUser,
      teamId: number,
      reader: ImageReader<unknown>,
    ) => Promise<unknown>,
  ) {
    const several = target === "credit";
    // The service's limits say how many files it takes now (the credit pages still free).
    const scope = (teamId: number) => (limits: ImageLimits) => scopeOf(teamId, target, limits.maxFiles ?? 1);
    app.post(
      `${base}/presign`,
      {
        schema: {
          tags,
          summary: `S3 storage only: presigned PUT URL(s) for the ${what}; then POST ${base}/direct`,
          params: ZTeamParams,
          body: several ? ZDirectUploadRequest : ZSingleDirectUploadRequest,
          response: { 200: ZDirectUploadTickets, ...errors },
        },
      },
      async (request) => {
        const { teamId } = request.params;
        const tickets = directTickets(request, scope(teamId), request.body.files);
        return { uploads: await presign(deps(request), await requireUser(request), teamId, tickets) };
      },
    );
    app.post(
      `${base}/direct`,
      {
        schema: {
          tags,
          summary: `Record the ${what} uploaded straight to the bucket (keys and tokens from ${base}/presign)`,
          params: ZTeamParams,
          body: several ? ZDirectUploadConfirm : ZSingleDirectUploadConfirm,
          response: { 200: answer, ...errors },
        },
      },
      async (request) => {
        const { teamId } = request.params;
        const reader = directImages(request, scope(teamId), request.body.files, null);
        // The answer is checked against `answer` by the response schema.
        return (await record(deps(request), await requireUser(request), teamId, reader)) as never;
      },
    );
  }

  for (const kind of ["cover", "logo"] as const) {
    pair(
      `/teams/:teamId/${kind}`,
      kind,
      `team ${kind}`,
      ZTeam,
      teams.presignTeamImage,
      (d, user, teamId, reader) => teams.setTeamImage(d, user, teamId, kind, reader),
    );
  }
  pair(
    "/teams/:teamId/donate/qr",
    "qr",
    "donate QR code",
    ZDonateSettings,
    teams.presignTeamImage,
    settings.uploadDonateQr,
  );
  pair(
    "/teams/:teamId/credit/pages",
    "credit",
    "credit pages",
    ZCreditSettings,
    settings.presignCreditPages,
    settings.uploadCreditPages,
  );
}
