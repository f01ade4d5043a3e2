/**
 * `/api/teams/:teamId/webhooks...` (packages/shared contracts/webhooks.ts, docs/webhooks.md);
 * who may call what is decided in webhooks.service.ts (managers and owners).
 */
import { ZTeamParams } from "@vt/shared/contracts/teams";
import {
  ZCreateWebhookRequest,
  ZUpdateWebhookRequest,
  ZWebhook,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookDeliveryParams,
  ZWebhookList,
  ZWebhookParams,
  ZWebhookWithSecret,
} from "@vt/shared/contracts/webhooks";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import { wakeWebhooks } from "../../jobs/webhooks-deliver.job";
import { errorResponses as e, NoContent, scopedErrors as scoped } from "../../lib/route-errors";
import * as service from "./webhooks.service";

const write = { ...scoped, ...e(409, 422) };

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });

  const deps = (request: FastifyRequest): service.WebhooksDeps => ({
    db: app.db,
    config: app.config,
    wake: () => wakeWebhooks(app.jobs, request.log),
  });
  const tags = ["teams"];

  app.get(
    "/teams/:teamId/webhooks",
    {
      schema: {
        tags,
        summary: "The team's webhooks, without their secrets (manager and above)",
        params: ZTeamParams,
        response: { 200: ZWebhookList, ...scoped },
      },
    },
    async (request) => service.listHooks(deps(request), await requireUser(request), request.params.teamId),
  );

  app.post(
    "/teams/:teamId/webhooks",
    {
      schema: {
        tags,
        summary:
          "Add a webhook; the answer shows its signing secret, the only time it is shown (manager and above)",
        params: ZTeamParams,
        body: ZCreateWebhookRequest,
        response: { 201: ZWebhookWithSecret, ...write },
      },
    },
    async (request, reply) => {
      const hook = await service.createHook(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.body,
      );
      return reply.code(201).send(hook);
    },
  );

  app.put(
    "/teams/:teamId/webhooks/:hookId",
    {
      schema: {
        tags,
        summary: "Change a webhook; `paused: false` resumes a paused one (manager and above)",
        params: ZWebhookParams,
        body: ZUpdateWebhookRequest,
        response: { 200: ZWebhook, ...write },
      },
    },
    async (request) =>
      service.updateHook(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.params.hookId,
        request.body,
      ),
  );

  app.delete(
    "/teams/:teamId/webhooks/:hookId",
    {
      schema: {
        tags,
        summary: "Delete a webhook and its delivery log (manager and above)",
        params: ZWebhookParams,
        response: { 204: NoContent, ...scoped },
      },
    },
    async (request, reply) => {
      await service.deleteHook(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.params.hookId,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/teams/:teamId/webhooks/:hookId/rotate-secret",
    {
      schema: {
        tags,
        summary:
          "Replace the webhook's signing secret; the answer shows the new one, once (manager and above)",
        params: ZWebhookParams,
        response: { 200: ZWebhookWithSecret, ...scoped },
      },
    },
    async (request) =>
      service.rotateSecret(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.params.hookId,
      ),
  );

  app.get(
    "/teams/:teamId/webhooks/:hookId/deliveries",
    {
      schema: {
        tags,
        summary: "The webhook's last 100 deliveries, newest first (manager and above)",
        params: ZWebhookParams,
        response: { 200: ZWebhookDeliveryList, ...scoped },
      },
    },
    async (request) =>
      service.listDeliveries(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.params.hookId,
      ),
  );

  app.post(
    "/teams/:teamId/webhooks/:hookId/test",
    {
      schema: {
        tags,
        summary: "Queue a `test` event for the webhook (manager and above)",
        params: ZWebhookParams,
        response: { 202: ZWebhookDelivery, ...scoped },
      },
    },
    async (request, reply) => {
      const delivery = await service.sendTest(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.params.hookId,
      );
      return reply.code(202).send(delivery);
    },
  );

  app.post(
    "/teams/:teamId/webhooks/:hookId/deliveries/:deliveryId/resend",
    {
      schema: {
        tags,
        summary: "Send a failed delivery again, same event id and payload (manager and above)",
        params: ZWebhookDeliveryParams,
        response: { 202: ZWebhookDelivery, ...scoped, ...e(409) },
      },
    },
    async (request, reply) => {
      const delivery = await service.resendDelivery(
        deps(request),
        await requireUser(request),
        request.params.teamId,
        request.params.hookId,
        request.params.deliveryId,
      );
      return reply.code(202).send(delivery);
    },
  );
};
