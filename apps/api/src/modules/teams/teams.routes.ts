/**
 * `/api/teams/*` and `/api/invitations/*`: the contract of every route (packages/shared
 * contracts/teams.ts). Handlers parse, call the service, reply; who may call what is decided in
 * teams.service.ts and documented in docs/permissions.md.
 */
import {
  ZAcceptInvitationResponse,
  ZActivityListResponse,
  ZCreateInvitationRequest,
  ZCreateTeamRequest,
  ZCreditSettings,
  ZDonateSettings,
  ZInvitation,
  ZInvitationListResponse,
  ZInvitationParams,
  ZMyInvitationListResponse,
  ZPageQuery,
  ZTeam,
  ZTeamDirectoryResponse,
  ZTeamInvitationParams,
  ZTeamListQuery,
  ZTeamListResponse,
  ZTeamMember,
  ZTeamMemberListResponse,
  ZTeamMemberParams,
  ZTeamParams,
  ZTransferOwnershipRequest,
  ZUpdateCreditRequest,
  ZUpdateDonateRequest,
  ZUpdateMemberRequest,
  ZUpdateTeamRequest,
} from "@vt/shared/contracts/teams";
import { ZErrorBody } from "@vt/shared/errors";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/session";
import { readImageUploads } from "../../lib/image-gate";
import { teamDirectory } from "./team-directory";
import { registerTeamDirectRoutes } from "./teams.direct-routes";
import * as service from "./teams.service";

const e = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ZErrorBody]));
/** Errors of every team-scoped route: signed out, not a member / no such team, role too low. */
const scoped = e(401, 403, 404);
const write = { ...scoped, ...e(422) };
const upload = { ...scoped, ...e(413, 415, 422, 429) };
const NoContent = z.null().describe("No content");

export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route needs a session; checking it before validation makes a signed-out call 401, not 422.
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });

  const deps = (request: FastifyRequest): service.TeamsDeps => ({
    db: app.db,
    storage: app.storage,
    config: app.config,
    mailer: app.mailer,
    log: request.log,
  });
  const imagesOf =
    (request: FastifyRequest): service.ImageReader =>
    async (options) =>
      (await readImageUploads(request, options)).images;
  const tags = ["teams"];
  registerTeamDirectRoutes(app, deps);

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
          imagesOf(request),
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

  // ── Members ─────────────────────────────────────────────────────────────────

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

  // ── Invitations ─────────────────────────────────────────────────────────────

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

  // ── Donate ──────────────────────────────────────────────────────────────────

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
        imagesOf(request),
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
        imagesOf(request),
      ),
  );

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
