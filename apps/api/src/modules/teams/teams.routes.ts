/**
 * `/api/teams` and `/api/teams/:teamId` (info, cover, logo, activity): the contract of every route
 * (packages/shared contracts/teams.ts). Handlers parse, call the service, reply; who may call what
 * is decided in teams.service.ts and documented in docs/permissions.md. Members, invitations and
 * the donate/credit settings have their own modules and routes.
 */

import { ZPageQuery } from "@vt/shared/contracts/paging";
import {
  ZActivityListResponse,
  ZCreateTeamRequest,
  ZTeam,
  ZTeamDirectoryResponse,
  ZTeamListQuery,
  ZTeamListResponse,
  ZTeamParams,
  ZUpdateTeamRequest,
} from "@vt/shared/contracts/teams";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import {
  errorResponses as e,
  NoContent,
  scopedErrors as scoped,
  uploadErrors as upload,
} from "../../lib/route-errors";
import { multipartImages } from "../../lib/upload-flow";
import { teamDirectory } from "./team-directory";
import * as service from "./teams.service";

const write = { ...scoped, ...e(422) };

export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route needs a session; checking it before validation makes a signed-out call 401, not 422.
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });

  const deps = (request: FastifyRequest) => service.teamsDeps(app, request);
  const tags = ["teams"];

  // ── Teams ───────────────────────────────────────────────────────────────────

  app.get(
    "/teams",
    {
      schema: {
        tags,
        summary: "My teams with my role (admins: `all=true` lists every team)",
        querystring: ZTeamListQuery,
        response: { 200: ZTeamListResponse, ...e(401, 403, 422) },
      },
    },
    async (request) => service.listTeams(deps(request), await requireUser(request), request.query),
  );

  app.get(
    "/teams/directory",
    {
      schema: {
        tags,
        summary: "Every live team by name (id and name), for the collaborator pickers",
        querystring: ZPageQuery,
        response: { 200: ZTeamDirectoryResponse, ...e(401, 422) },
      },
    },
    async (request) => teamDirectory(app.db, request.query),
  );

  app.post(
    "/teams",
    {
      schema: {
        tags,
        summary: "Create a team; the creator becomes its owner",
        body: ZCreateTeamRequest,
        response: { 201: ZTeam, ...e(401, 422) },
      },
    },
    async (request, reply) => {
      const team = await service.createTeam(deps(request), await requireUser(request), request.body);
      return reply.code(201).send(team);
    },
  );

  app.get(
    "/teams/:teamId",
    {
      schema: {
        tags,
        summary: "A team with my role, member count and public site link",
        params: ZTeamParams,
        response: { 200: ZTeam, ...scoped },
      },
    },
    async (request) => service.getTeam(deps(request), await requireUser(request), request.params.teamId),
  );

  app.put(
    "/teams/:teamId",
    {
      schema: {
        tags,
        summary: "Update team info (manager and above)",
        params: ZTeamParams,
        body: ZUpdateTeamRequest,
        response: { 200: ZTeam, ...write },
      },
    },
    async (request) =>
      service.updateTeam(deps(request), await requireUser(request), request.params.teamId, request.body),
  );

  app.delete(
    "/teams/:teamId",
    {
      schema: {
        tags,
        summary: "Delete a team (owner or platform admin; soft delete)",
        params: ZTeamParams,
        response: { 204: NoContent, ...scoped },
      },
    },
    async (request, reply) => {
      await service.deleteTeam(deps(request), await requireUser(request), request.params.teamId);
      return reply.code(204).send(null);
    },
  );

  for (const kind of ["cover", "logo"] as const) {
    app.post(
      `/teams/:teamId/${kind}`,
      {
        schema: {
          tags,
          summary: `Upload the team ${kind} (multipart field \`file\`; JPEG/PNG/WebP/GIF, at most 5 MB)`,
          consumes: ["multipart/form-data"],
          params: ZTeamParams,
          response: { 200: ZTeam, ...upload },
        },
      },
      async (request) =>
        service.setTeamImage(
          deps(request),
          await requireUser(request),
          request.params.teamId,
          kind,
          multipartImages(request),
        ),
    );
    app.delete(
      `/teams/:teamId/${kind}`,
      {
        schema: {
          tags,
          summary: `Remove the team ${kind}`,
          params: ZTeamParams,
          response: { 200: ZTeam, ...scoped },
        },
      },
      async (request) =>
        service.removeTeamImage(deps(request), await requireUser(request), request.params.teamId, kind),
    );
  }

  // ── Activity ────────────────────────────────────────────────────────────────

  app.get(
    "/teams/:teamId/activity",
    {
      schema: {
        tags,
        summary: "The team's recent changes (audit entries), newest first",
        params: ZTeamParams,
        querystring: ZPageQuery.pick({ page: true, limit: true }),
        response: { 200: ZActivityListResponse, ...write },
      },
    },
    async (request) =>
      service.teamActivity(deps(request), await requireUser(request), request.params.teamId, request.query),
  );
};
