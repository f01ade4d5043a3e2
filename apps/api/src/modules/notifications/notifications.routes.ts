/** Notification routes: the caller's own notifications and mail choices (notifications.service.ts). */
import {
  ZNotificationList,
  ZNotificationParams,
  ZNotificationQuery,
  ZNotificationSettings,
  ZNotificationSettingsInput,
  ZReadAllResponse,
} from "@vt/shared/contracts/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import { errorResponses as e } from "../../lib/route-errors";
import * as service from "./notifications.service";

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });
  const tags = ["notifications"];

  app.get(
    "/notifications",
    {
      schema: {
        tags,
        summary: "My notifications, newest first, with my unread count",
        querystring: ZNotificationQuery,
        response: { 200: ZNotificationList, ...e(401, 422) },
      },
    },
    async (request) => service.listMine(app.db, await requireUser(request), request.query),
  );

  app.post(
    "/notifications/read-all",
    {
      schema: {
        tags,
        summary: "Mark all my notifications read",
        response: { 200: ZReadAllResponse, ...e(401) },
      },
    },
    async (request) => service.markAllRead(app.db, await requireUser(request)),
  );

  app.post(
    "/notifications/:id/read",
    {
      schema: {
        tags,
        summary: "Mark one of my notifications read (404 for anyone else's)",
        params: ZNotificationParams,
        response: { 200: ZReadAllResponse, ...e(401, 404, 422) },
      },
    },
    async (request) => service.markRead(app.db, await requireUser(request), request.params.id),
  );

  app.get(
    "/notifications/settings",
    {
      schema: {
        tags,
        summary: "My mail choice per notification kind (on unless turned off)",
        response: { 200: ZNotificationSettings, ...e(401) },
      },
    },
    async (request) => service.getSettings(app.db, await requireUser(request)),
  );

  app.put(
    "/notifications/settings",
    {
      schema: {
        tags,
        summary: "Turn mail on or off per notification kind",
        body: ZNotificationSettingsInput,
        response: { 200: ZNotificationSettings, ...e(401, 422) },
      },
    },
    async (request) => service.putSettings(app.db, await requireUser(request), request.body),
  );
};
