/**
 * `/api/teams/:teamId/invitations` (a team's invitations) and `/api/invitations` (mine)
 * (packages/shared contracts/teams.ts); who may call what is decided in invitations.service.ts.
 */
import {
  ZAcceptInvitationResponse,
  ZCreateInvitationRequest,
  ZInvitation,
  ZInvitationListResponse,
  ZMyInvitationListResponse,
} from "@vt/shared/contracts/invitations";
import { ZInvitationParams, ZTeamInvitationParams, ZTeamParams } from "@vt/shared/contracts/teams";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import { errorResponses as e, NoContent, scopedErrors as scoped } from "../../lib/route-errors";
import { teamsDeps } from "../teams/teams.service";
import * as service from "./invitations.service";

const write = { ...scoped, ...e(422) };

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route needs a session; checking it before validation makes a signed-out call 401, not 422.
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });

  const deps = (request: FastifyRequest) => teamsDeps(app, request);
  const tags = ["teams"];

  app.get(
    "/teams/:teamId/invitations",
    {
      schema: {
        tags,
        summary: "The team's pending invitations (manager and above)",
        params: ZTeamParams,
        response: { 200: ZInvitationListResponse, ...scoped },
      },
    },
    async (request) =>
      service.listTeamInvitations(deps(request), await requireUser(request), request.params.teamId),
  );

  app.post(
    "/teams/:teamId/invitations",
    {
      schema: {
        tags,
        summary: "Invite an e-mail with a role below one's own; mails a link to the dashboard",
        params: ZTeamParams,
        body: ZCreateInvitationRequest,
        response: { 201: ZInvitation, ...write, ...e(409) },
      },
    },
    async (request, reply) => {
      const invitation = await service.inviteMember(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.body,
      );
      return reply.code(201).send(invitation);
    },
  );

  app.delete(
    "/teams/:teamId/invitations/:id",
    {
      schema: {
        tags,
        summary: "Revoke a pending invitation",
        params: ZTeamInvitationParams,
        response: { 204: NoContent, ...scoped },
      },
    },
    async (request, reply) => {
      await service.revokeInvitation(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.params.id,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/invitations",
    {
      schema: {
        tags,
        summary: "My pending invitations (addressed to my e-mail; only counted until it is verified)",
        response: { 200: ZMyInvitationListResponse, ...e(401) },
      },
    },
    async (request) => service.myInvitations(deps(request), await requireUser(request)),
  );

  app.post(
    "/invitations/:id/accept",
    {
      schema: {
        tags,
        summary:
          "Accept an invitation addressed to me: I join the team with its role (403 until my e-mail is verified)",
        params: ZInvitationParams,
        response: { 200: ZAcceptInvitationResponse, ...e(401, 403, 404, 409, 422) },
      },
    },
    async (request) => service.acceptInvitation(deps(request), await requireUser(request), request.params.id),
  );

  app.post(
    "/invitations/:id/decline",
    {
      schema: {
        tags,
        summary: "Decline an invitation addressed to me (403 until my e-mail is verified)",
        params: ZInvitationParams,
        response: { 204: NoContent, ...e(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await service.declineInvitation(deps(request), await requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
