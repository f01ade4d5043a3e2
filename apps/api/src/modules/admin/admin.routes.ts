/**
 * The admin area's own routes (`/api/admin/*`, platform admins only, 404 for anyone else): users and
 * the audit log, the page fingerprint backfill's progress. The queue, teams and trash use /api/requests?scope=all, /api/teams?all=true and
 * /api/trash, which admins already see whole.
 */
import {
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserParams,
  ZAdminUserPatch,
  ZAdminUserQuery,
  ZAuditList,
  ZAuditQuery,
} from "@vt/shared/contracts/admin";
import { ZPageFingerprintStatus } from "@vt/shared/contracts/page-checks";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import { errorResponses as e } from "../../lib/route-errors";
import * as service from "./admin.service";

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // 401 signed out, then 404 for non-admins before the input is even validated.
  app.addHook("preValidation", async (request) => {
    service.requireAdminArea(await requireUser(request));
  });
  const tags = ["admin"];

  app.get(
    "/admin/users",
    {
      schema: {
        tags,
        summary: "Users (search by name or e-mail), with role, disabled state and team count",
        querystring: ZAdminUserQuery,
        response: { 200: ZAdminUserList, ...e(401, 404, 422) },
      },
    },
    async (request) => service.listUsers(app.db, await requireUser(request), request.query),
  );

  app.patch(
    "/admin/users/:id",
    {
      schema: {
        tags,
        summary:
          "Grant/revoke admin, disable/enable an account (disabling ends its sessions and revokes its API tokens)",
        params: ZAdminUserParams,
        body: ZAdminUserPatch,
        response: { 200: ZAdminUser, ...e(401, 404, 409, 422) },
      },
    },
    async (request) => service.patchUser(app.db, await requireUser(request), request.params.id, request.body),
  );

  app.get(
    "/admin/audit",
    {
      schema: {
        tags,
        summary: "Search the audit log (actor, action, entity, values)",
        querystring: ZAuditQuery,
        response: { 200: ZAuditList, ...e(401, 404, 422) },
      },
    },
    async (request) => service.searchAudit(app.db, await requireUser(request), request.query),
  );
  app.get(
    "/admin/page-fingerprints",
    {
      schema: {
        tags,
        summary: "Progress of fingerprinting the pages stored before page checks (the pages.fingerprint job)",
        response: { 200: ZPageFingerprintStatus, ...e(401, 404) },
      },
    },
    async (request) => service.pageFingerprintStatus(app.db, await requireUser(request)),
  );
  app.post(
    "/admin/page-fingerprints/run",
    {
      schema: {
        tags,
        summary: "Run the pages.fingerprint job now (unless a run is going on or queued); its progress",
        response: { 200: ZPageFingerprintStatus, ...e(401, 404, 503) },
      },
    },
    async (request) => service.runPageFingerprints(app.db, app.jobs, await requireUser(request)),
  );
};
