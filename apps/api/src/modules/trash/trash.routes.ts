/** Trash routes: what the caller may restore, and restoring it (rules in trash.service.ts). */
import { ZTrashItem, ZTrashList, ZTrashParams, ZTrashQuery } from "@vt/shared/contracts/trash";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import { errorResponses as e } from "../../lib/route-errors";
import * as service from "./trash.service";

export const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });
  const tags = ["trash"];
  const deps = (log: service.TrashDeps["log"]): service.TrashDeps => ({
    db: app.db,
    storage: app.storage,
    log,
  });

  app.get(
    "/trash",
    {
      schema: {
        tags,
        summary:
          "Deleted comics (admins), chapters (teams that may upload) and teams (owners) still restorable",
        querystring: ZTrashQuery,
        response: { 200: ZTrashList, ...e(401, 422) },
      },
    },
    async (request) => service.listTrash(deps(request.log), await requireUser(request), request.query),
  );

  app.post(
    "/trash/:type/:id/restore",
    {
      schema: {
        tags,
        summary: "Restore a deleted comic, chapter or team (whoever could delete it; admins: all)",
        params: ZTrashParams,
        response: { 200: ZTrashItem, ...e(401, 404, 409, 422) },
      },
    },
    async (request) =>
      service.restore(deps(request.log), await requireUser(request), request.params.type, request.params.id),
  );
};
