import {
  ZApiTokenListResponse,
  ZApiTokenParams,
  ZCreateApiTokenRequest,
  ZCreatedApiToken,
} from "@vt/shared/contracts/tokens";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/session";
import { errorResponses as e } from "../../lib/route-errors";
import * as service from "./tokens.service";

/** `/api/tokens`: the signed-in user's personal API tokens (session only: a token cannot mint tokens). */
export const tokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });
  const tags = ["tokens"];

  app.get(
    "/tokens",
    {
      schema: {
        tags,
        summary: "My API tokens (never their secrets), newest first, revoked ones included",
        response: { 200: ZApiTokenListResponse, ...e(401) },
      },
    },
    async (request) => ({ tokens: await service.listTokens(app.db, await requireUser(request)) }),
  );

  app.post(
    "/tokens",
    {
      schema: {
        tags,
        summary:
          "Create an API token for one of my teams, scope read or upload. The answer holds the secret, shown this once; " +
          "send it as `Authorization: Bearer <secret>` (no cookie, no x-app-origin needed)",
        body: ZCreateApiTokenRequest,
        response: { 201: ZCreatedApiToken, ...e(401, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createToken(app.db, await requireUser(request), request.body)),
  );

  app.delete(
    "/tokens/:tokenId",
    {
      schema: {
        tags,
        summary: "Revoke one of my API tokens: it answers 401 from now on",
        params: ZApiTokenParams,
        response: { 204: z.null(), ...e(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await service.revokeToken(app.db, await requireUser(request), request.params.tokenId);
      return reply.code(204).send(null);
    },
  );
};
