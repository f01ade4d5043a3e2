import {
  ZDirectUploadTickets,
  ZSingleDirectUploadConfirm,
  ZSingleDirectUploadRequest,
} from "@vt/shared/contracts/images";
import {
  ZAuthRequest,
  ZAvatarUploadResponse,
  ZChoosePasswordRequest,
  ZCurrentSession,
  ZResendVerificationResponse,
  ZUpdateUserRequest,
  ZUser,
  ZVerifiedUser,
  ZVerifyEmailRequest,
} from "@vt/shared/contracts/users";
import { ZErrorBody } from "@vt/shared/errors";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { embeddedIssuer } from "../../auth/provider";
import { endSession, getSessionUser, requireUser, startSession } from "../../auth/session";
import { AppError } from "../../lib/app-error";
import { NoContent } from "../../lib/route-errors";
import { directImages, directTickets, multipartImages } from "../../lib/upload-flow";
import { type ChoosePasswordDeps, choosePassword, mayChoosePassword } from "./choose-password";
import {
  resendVerificationMail,
  sendVerificationMail,
  type VerificationDeps,
  verifyEmailToken,
} from "./email-verification";
import { findUserById } from "./users.repo";
import { avatarScope, presignAvatar, signInWithIdToken, updateProfile, uploadAvatar } from "./users.service";

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/** `/users/*` (docs/identity.md, "Uploader service"), mounted under /api. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploadDeps = (request: FastifyRequest) => ({ storage: app.storage, log: request.log });
  const verification: VerificationDeps = {
    db: app.db,
    mailer: app.mailer,
    secret: app.config.authSecret,
    publicUrl: app.config.publicUrl,
    embeddedIssuer: embeddedIssuer(app.config.publicUrl),
    adminEmails: app.config.adminEmails,
  };
  const passwords: ChoosePasswordDeps = {
    db: app.db,
    embeddedIssuer: verification.embeddedIssuer,
    hashPassword: async (password) => (await app.auth.$context).password.hash(password),
  };

  app.post(
    "/users/auth",
    {
      schema: {
        tags: ["users"],
        summary: "Exchange an identity provider's ID token for an uploader session (cookie vt_session)",
        body: ZAuthRequest,
        response: { 200: ZUser, ...errors },
      },
    },
    async (request, reply) => {
      const { user, identity } = await signInWithIdToken(
        {
          db: app.db,
          verifyIdToken: app.verifyIdToken,
          adminEmails: app.config.adminEmails,
          log: request.log,
          sendVerificationMail: (user) => sendVerificationMail(verification, user),
        },
        request.body,
      );
      // An embedded token's provider session must still be open when the session is written.
      await startSession(request, reply, user.id, {
        providerSessionId: identity.issuer === verification.embeddedIssuer ? identity.sessionId : undefined,
      });
      return user;
    },
  );

  app.post(
    "/users/verify-email",
    {
      schema: {
        tags: ["users"],
        summary:
          "Open the link of the verification mail: verifies the e-mail (single use, 24 h) and opens an uploader session; a first proof ends the account's earlier sessions, API tokens and password (choosePassword: the user may choose one now)",
        body: ZVerifyEmailRequest,
        response: { 200: ZVerifiedUser, 400: ZErrorBody, 403: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) => {
      const userId = await verifyEmailToken(verification, request.body.token);
      await startSession(request, reply, userId);
      const user = await findUserById(app.db, userId);
      if (!user) throw new AppError("BAD_REQUEST", "verification.linkInvalid");
      return { ...user, choosePassword: await mayChoosePassword(passwords, userId) };
    },
  );

  app.post(
    "/users/password",
    {
      schema: {
        tags: ["users"],
        summary:
          "Choose a password after the verification link ended the sign-up one (once; the embedded provider's accounts only; 409 otherwise)",
        body: ZChoosePasswordRequest,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await choosePassword(passwords, user.id, request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/users/verification-email",
    {
      schema: {
        tags: ["users"],
        summary: "Send the verification mail again (one a minute, five an hour)",
        response: { 200: ZResendVerificationResponse, 401: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return resendVerificationMail(verification, user.id);
    },
  );

  app.get(
    "/users/me",
    { schema: { tags: ["users"], summary: "The signed-in user", response: { 200: ZUser, 401: ZErrorBody } } },
    async (request) => requireUser(request),
  );

  app.get(
    "/users/session",
    {
      schema: {
        tags: ["users"],
        summary:
          "The session check of the dashboard's boot: the signed-in user, or `user: null` when signed out (never 401)",
        response: { 200: ZCurrentSession },
      },
    },
    async (request) => ({ user: await getSessionUser(request) }),
  );

  app.post(
    "/users/logout",
    {
      schema: {
        tags: ["users"],
        summary: "End the uploader session and clear its cookie",
        response: { 200: z.object({ ok: z.literal(true) }), 403: ZErrorBody },
      },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return { ok: true as const };
    },
  );

  app.put(
    "/users/:id",
    {
      schema: {
        tags: ["users"],
        summary: "Update one's own profile (name, avatar)",
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: ZUpdateUserRequest,
        response: { 200: ZUser, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      return updateProfile(app.db, actor, request.params.id, request.body);
    },
  );

  app.post(
    "/users/avatar",
    {
      schema: {
        tags: ["users"],
        summary: "Upload an avatar image (multipart field `file`, JPEG/PNG/WebP/GIF, at most 2 MB)",
        consumes: ["multipart/form-data"],
        response: {
          200: ZAvatarUploadResponse,
          ...errors,
          413: ZErrorBody,
          415: ZErrorBody,
          429: ZErrorBody,
        },
      },
    },
    async (request) => {
      await requireUser(request);
      return { url: await uploadAvatar(uploadDeps(request), multipartImages(request)) };
    },
  );

  const upload = { ...errors, 413: ZErrorBody, 415: ZErrorBody, 429: ZErrorBody };
  app.post(
    "/users/avatar/presign",
    {
      preValidation: async (request) => {
        await requireUser(request);
      },
      schema: {
        tags: ["users"],
        summary: "S3 storage only: a presigned PUT URL for an avatar; then POST /users/avatar/direct",
        body: ZSingleDirectUploadRequest,
        response: { 200: ZDirectUploadTickets, ...upload },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return {
        uploads: await presignAvatar(directTickets(request, avatarScope(user.id), request.body.files)),
      };
    },
  );

  app.post(
    "/users/avatar/direct",
    {
      preValidation: async (request) => {
        await requireUser(request);
      },
      schema: {
        tags: ["users"],
        summary:
          "Record an avatar uploaded straight to the bucket (key and token from /users/avatar/presign)",
        body: ZSingleDirectUploadConfirm,
        response: { 200: ZAvatarUploadResponse, ...upload },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const reader = directImages(request, avatarScope(user.id), request.body.files, null);
      return { url: await uploadAvatar(uploadDeps(request), reader) };
    },
  );
};
