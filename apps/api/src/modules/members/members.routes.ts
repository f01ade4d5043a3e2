/**
 * `/api/teams/:teamId/members`, `/leave` and `/transfer` (packages/shared contracts/teams.ts); who
 * may call what is decided in members.service.ts (docs/permissions.md).
 */

import { ZPageQuery } from "@vt/shared/contracts/paging";
import {
  ZTeam,
  ZTeamMember,
  ZTeamMemberListResponse,
  ZTeamMemberParams,
  ZTeamParams,
  ZTransferOwnershipRequest,
  ZUpdateMemberRequest,
} from "@vt/shared/contracts/teams";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import { errorResponses as e, NoContent, scopedErrors as scoped } from "../../lib/route-errors";
import { teamsDeps } from "../teams/teams.service";
import * as service from "./members.service";

const write = { ...scoped, ...e(422) };

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route needs a session; checking it before validation makes a signed-out call 401, not 422.
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });

  const deps = (request: FastifyRequest) => teamsDeps(app, request);
  const tags = ["teams"];

  app.get(
    "/teams/:teamId/members",
    {
      schema: {
        tags,
        summary: "Team members, owner first (search by name or e-mail)",
        params: ZTeamParams,
        querystring: ZPageQuery,
        response: { 200: ZTeamMemberListResponse, ...write },
      },
    },
    async (request) =>
      service.listMembers(deps(request), await requireUser(request), request.params.teamId, request.query),
  );

  app.patch(
    "/teams/:teamId/members/:userId",
    {
      schema: {
        tags,
        summary: "Change a member's role (only below one's own role)",
        params: ZTeamMemberParams,
        body: ZUpdateMemberRequest,
        response: { 200: ZTeamMember, ...write, ...e(409) },
      },
    },
    async (request) =>
      service.changeMemberRole(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.params.userId,
        request.body.role,
      ),
  );

  app.delete(
    "/teams/:teamId/members/:userId",
    {
      schema: {
        tags,
        summary: "Remove a member (only below one's own role; the owner must transfer first)",
        params: ZTeamMemberParams,
        response: { 204: NoContent, ...scoped, ...e(409) },
      },
    },
    async (request, reply) => {
      await service.removeMember(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.params.userId,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/teams/:teamId/leave",
    {
      schema: {
        tags,
        summary: "Leave the team (the owner must transfer first)",
        params: ZTeamParams,
        response: { 204: NoContent, ...scoped, ...e(409) },
      },
    },
    async (request, reply) => {
      await service.leaveTeam(deps(request), await requireUser(request), request.params.teamId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/teams/:teamId/transfer",
    {
      schema: {
        tags,
        summary:
          "Transfer ownership to a member (owner or platform admin); the previous owner becomes manager",
        params: ZTeamParams,
        body: ZTransferOwnershipRequest,
        response: { 200: ZTeam, ...write, ...e(409) },
      },
    },
    async (request) =>
      service.transferOwnership(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.body.userId,
      ),
  );
};
