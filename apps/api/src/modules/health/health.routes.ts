import { ZErrorBody } from "@vt/shared/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { appVersion } from "../../lib/repo-root";
import { getHealth } from "./health.service";

// TODO(shared): move to packages/shared (ZHealth) once the contracts package has a home for it.
export const ZHealth = z.object({
  status: z.literal("ok"),
  db: z.enum(["pglite", "postgres"]),
  storage: z.enum(["local", "s3"]),
  version: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const version = appVersion();
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and readiness: database reachable, which drivers run, app version",
        response: { 200: ZHealth, 503: ZErrorBody },
      },
    },
    async () => getHealth({ database: app.database, storage: app.storage, version }),
  );
};
