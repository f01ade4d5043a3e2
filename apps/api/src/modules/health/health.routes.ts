import { ZErrorBody } from "@vt/shared/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { JOB_STATES } from "../../jobs/runs";
import { registry } from "../../lib/metrics";
import { appVersion } from "../../lib/repo-root";
import {
  assertMetricsAccess,
  databaseCheck,
  getHealth,
  getReadiness,
  type ReadinessCheck,
  refreshOperationalMetrics,
} from "./health.service";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Dependencies checked by GET /api/health/ready besides the database and storage. A subsystem
     * that the instance cannot serve without (e.g. the job queue) adds itself at start-up:
     * `app.readinessChecks.set("jobs", () => queue.ping())`.
     */
    readinessChecks: Map<string, ReadinessCheck>;
  }
}

// The health answers' schemas stay with the route (the job states come from jobs/runs.ts): monitoring
// reads them, and the dashboard (lib/upload-mode.ts) through the generated @vt/shared/api-types.
export const ZHealth = z.object({
  status: z.literal("ok"),
  db: z.enum(["pglite", "postgres"]),
  storage: z.enum(["local", "s3"]),
  version: z.string(),
  /** The job engine: "ok" when it runs in this process, "off" when this process runs none. */
  queue: z.enum(["ok", "off"]),
  /** Jobs by state across every queue (finished runs are kept 7 days). */
  jobs: z.record(z.enum(JOB_STATES), z.number().int()),
});

export const ZReadiness = z.object({
  status: z.enum(["ok", "unavailable"]),
  checks: z.record(z.string(), z.enum(["ok", "failing"])),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const version = appVersion();
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Database reachable, which drivers run, app version",
        response: { 200: ZHealth, 503: ZErrorBody },
      },
    },
    async () => getHealth({ database: app.database, storage: app.storage, jobs: app.jobs, version }),
  );

  app.get(
    "/health/live",
    {
      schema: {
        tags: ["system"],
        summary:
          "Liveness: the process answers HTTP (touches no dependency; restart the instance if it fails)",
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/health/ready",
    {
      schema: {
        tags: ["system"],
        summary:
          "Readiness: database, storage and registered subsystems (job queue) usable; 503 takes the instance out of the load balancer",
        response: { 200: ZReadiness, 503: ZReadiness },
      },
    },
    async (request, reply) => {
      const readiness = await getReadiness(
        {
          db: databaseCheck(app.database),
          storage: () => app.storage.ping(),
          ...Object.fromEntries(app.readinessChecks),
        },
        (name, error) => {
          // A database outage is logged once by the outage monitor, not at every probe.
          if (!app.dbOutage.absorb(error, "ready"))
            request.log.warn({ err: error, check: name }, "readiness check failing");
        },
      );
      return reply.status(readiness.status === "ok" ? 200 : 503).send(readiness);
    },
  );
};

/** GET /metrics (Prometheus text format), outside /api like every scraper expects. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/metrics",
    {
      schema: {
        tags: ["system"],
        summary:
          "Prometheus metrics of this instance; needs `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set",
      },
    },
    async (request, reply) => {
      assertMetricsAccess(app.config.metricsToken, request.headers.authorization);
      await refreshOperationalMetrics(app.database);
      const body = await registry.metrics();
      return reply.header("cache-control", "no-store").type(registry.contentType).send(body);
    },
  );
};
