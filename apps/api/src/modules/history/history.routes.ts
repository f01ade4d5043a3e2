/** History routes: the audit rows of a comic or a chapter (rules in history.ts). */
import {
  ZAuditList,
  ZHistoryChapterParams,
  ZHistoryComicParams,
  ZHistoryQuery,
} from "@vt/shared/contracts/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import { errorResponses as e } from "../../lib/route-errors";
import { chapterHistory, comicHistory } from "./history.service";

export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });
  const tags = ["history"];

  app.get(
    "/comics/:comicId/history",
    {
      schema: {
        tags,
        summary:
          "A comic's history: its changes, its chapters' and its requests' (who, what, when, before -> after)",
        params: ZHistoryComicParams,
        querystring: ZHistoryQuery,
        response: { 200: ZAuditList, ...e(401, 404, 422) },
      },
    },
    async (request) =>
      comicHistory(app.db, await requireUser(request), request.params.comicId, request.query),
  );

  app.get(
    "/chapters/:chapterId/history",
    {
      schema: {
        tags,
        summary: "A chapter's history (who, what, when, before -> after)",
        params: ZHistoryChapterParams,
        querystring: ZHistoryQuery,
        response: { 200: ZAuditList, ...e(401, 404, 422) },
      },
    },
    async (request) =>
      chapterHistory(app.db, await requireUser(request), request.params.chapterId, request.query),
  );
};
