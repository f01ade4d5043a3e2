/**
 * Builds the Fastify application: plugins, hooks, error handling, API modules, /files and the
 * dashboard. No listening, no signals: server.ts does that, tests call buildApp + inject.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyMultipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { ERROR_STATUS, type ErrorCode, type TErrorBody } from "@vt/shared/errors";
import { isLoginPage, isSignedInPage, signInHrefFor } from "@vt/shared/pages";
import { sql } from "drizzle-orm";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { registerIdentity } from "./auth/identity";
import { requireAppOrigin } from "./auth/require-app-origin";
import { requireUser, requireUserWithTeams, SESSION_COOKIE } from "./auth/session";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import { isDatabaseUnavailable } from "./db/errors";
import { createOutageMonitor, OUTAGE_RETRY_AFTER_SECONDS, type OutageMonitor } from "./db/outage";
import { type JobEngine, startJobEngine } from "./jobs/engine";
import { JOBS } from "./jobs/registry";
import { AppError } from "./lib/app-error";
import { serializeError } from "./lib/log-errors";
import { type Lang, resolveLang, translate, zodIssueMessages } from "./lib/messages";
import { registerHttpMetrics } from "./lib/metrics";
import { namedSchemasOnly } from "./lib/openapi-components";
import { appVersion, repoRoot } from "./lib/repo-root";
import { inlineScriptHashes, registerSecurityHeaders } from "./lib/security-headers";
import { isZodError, registerDepthCheckedJsonParser, validatorCompiler } from "./lib/validation";
import { adminRoutes } from "./modules/admin/admin.routes";
import { chaptersRoutes } from "./modules/chapters/chapters.routes";
import { comicsRoutes } from "./modules/comics/comics.routes";
import { clearAnchorsAfterWrite } from "./modules/comics/list-anchors";
import { filesRoutes } from "./modules/files/files.routes";
import { healthRoutes, metricsRoutes } from "./modules/health/health.routes";
import { historyRoutes } from "./modules/history/history.routes";
import { invitationsRoutes } from "./modules/invitations/invitations.routes";
import { membersRoutes } from "./modules/members/members.routes";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { peopleRoutes } from "./modules/people/people.routes";
import { requestsRoutes } from "./modules/requests/requests.routes";
import { teamSettingsRoutes } from "./modules/team-settings/team-settings.routes";
import { teamsRoutes } from "./modules/teams/teams.routes";
import { tokensRoutes } from "./modules/tokens/tokens.routes";
import { trashRoutes } from "./modules/trash/trash.routes";
import { uploadSettingsRoutes } from "./modules/upload-settings/upload-settings.routes";
import { usersRoutes } from "./modules/users/users.routes";
import { webhooksRoutes } from "./modules/webhooks/webhooks.routes";
import type { Storage } from "./storage/storage";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    storage: Storage;
    /** The job engine, or null when this app was built without one (most tests). */
    jobs: JobEngine | null;
    /** This instance's view of a database outage: one warning per outage, 503s meanwhile (db/outage.ts). */
    dbOutage: OutageMonitor;
  }
  interface FastifyRequest {
    /** Language of server messages, from `x-custom-lang` (vi by default). */
    lang: Lang;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  storage: Storage;
  /**
   * Fastify logger option; default: JSON logs at config.logLevel. Tests pass false, or options
   * (e.g. a `stream` to read the lines) merged over the defaults.
   */
  logger?: FastifyServerOptions["logger"];
  /** Built dashboard folder (default apps/web/dist); null disables serving it. */
  webDist?: string | null;
  /**
   * Start the job engine (workers and cron schedules of apps/api/src/jobs/registry.ts) with the
   * app and stop it when the app closes (default false: server.ts turns it on).
   */
  jobs?: boolean;
}

export type App = FastifyInstance & { withTypeProvider(): FastifyInstance };

/**
 * A request for one of the dashboard's files: the @fastify/static route (prefix "/", wildcard)
 * and a file name with an extension (/assets/index-1a2b.js, /favicon.svg). Page addresses reach
 * the same route first but have no extension (/, /login, /comics/12): they are answered by the
 * not-found handler below and logged at info.
 */
function isStaticFileRequest(request: FastifyRequest): boolean {
  if (request.routeOptions.url !== "/*") return false;
  const path = request.url.split("?")[0]!;
  return path.slice(path.lastIndexOf("/") + 1).includes(".");
}

class QuietStaticLogs extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (!isStaticFileRequest(request)) super.incomingRequest(request, reply);
    else if (!this.isLogDisabled(request)) request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error || reply.statusCode >= 400 || !isStaticFileRequest(request))
      super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const BACKEND_PREFIXES = ["/api/", "/auth/", "/files/"];

function isBackendPath(url: string): boolean {
  const path = url.split("?")[0]!;
  return path === "/api" || path === "/auth" || BACKEND_PREFIXES.some((p) => path.startsWith(p));
}

export async function buildApp(options: BuildAppOptions) {
  const { config, database, storage } = options;
  const logger: FastifyServerOptions["logger"] =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
          // Errors without a query's parameters or PostgreSQL's row details (lib/log-errors.ts).
          serializers: { err: serializeError },
          ...(typeof options.logger === "object" ? options.logger : {}),
        };
  const app = Fastify({
    logger,
    // A well-formed id from an upstream proxy is kept so logs correlate across hops.
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    logController: new QuietStaticLogs(),
    // A hop count is valid at runtime (proxy-addr) though Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string,
    // Finish in-flight requests on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: "idle",
    // Errors Fastify answers before routing (a path that is not valid UTF-8, e.g. %ED%A0%80):
    // the same translated body as every other error, not Fastify's English text.
    frameworkErrors: (error, request, reply) => {
      request.lang = resolveLang(request.headers["x-custom-lang"]);
      return sendError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  registerDepthCheckedJsonParser(app);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("storage", storage);
  app.decorate("readinessChecks", new Map());
  app.decorate("jobs", null);
  const outage = createOutageMonitor({
    log: app.log.child({ module: "db" }),
    ping: () => database.db.execute(sql`select 1`),
  });
  app.decorate("dbOutage", outage);
  app.addHook("onClose", async () => outage.stop());
  app.decorateRequest("lang", "vi");
  // Who uploads, for the quota and the direct uploads of lib/ (which sits below auth).
  app.decorate("uploader", async (request: FastifyRequest) => ({
    userId: (await requireUser(request)).id,
    member: async () => {
      const { user, teams } = await requireUserWithTeams(request);
      return user.role === "admin" || teams.length > 0;
    },
  }));

  app.addHook("onRequest", async (request, reply) => {
    request.lang = resolveLang(request.headers["x-custom-lang"]);
    reply.header("x-request-id", request.id);
    reply.header("x-content-type-options", "nosniff");
  });
  app.addHook("onRequest", async (request, reply) => {
    if (isBackendPath(request.url) && request.url.startsWith("/api")) await requireAppOrigin(request, reply);
  });

  const webDist = options.webDist === undefined ? join(repoRoot(), "apps/web/dist") : options.webDist;
  const hasDashboard = webDist !== null && existsSync(join(webDist, "index.html"));
  // The dashboard's page and the sign-in page (login.html, served at /login) carry the same inline script.
  const pages = hasDashboard
    ? ["index.html", "login.html"].filter((page) => existsSync(join(webDist, page)))
    : [];
  registerSecurityHeaders(app, [
    ...new Set(pages.flatMap((page) => inlineScriptHashes(readFileSync(join(webDist!, page), "utf8")))),
  ]);

  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  // A refusal sent before the request's body was read to its end (a 413 once an upload passes its
  // limit): the rest of that body would be read as the next request on the connection, which then
  // hangs or fails. The answer says `Connection: close` and Node closes the connection after it.
  app.addHook("onSend", async (request, reply) => {
    if (request.raw.complete === false) reply.header("connection", "close");
  });
  registerHttpMetrics(app, database.pool);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Vườn Truyện Studio API",
        version: appVersion(),
        description: [
          "Uploader service. Dashboard calls use the session cookie; their state-changing calls need the `x-app-origin` header. " +
            "Errors are `{ message, errors?, code }`.",
          "",
          "## Tools: API tokens and the upload flow",
          "Create a personal token in the dashboard (profile, API tokens) for one team, scope `read` or `upload`, and send it as " +
            "`Authorization: Bearer <secret>` with no cookie (no `x-app-origin` needed). Tokens work only on the routes marked " +
            "`bearerAuth` below; anything else answers 401, a read token on an upload route 403, past 600 calls a minute 429.",
          "1. `GET /api/chapters/comic/{comicId}`: the chapters already there (a draft with the same `order` is resumed, not duplicated).",
          "2. `POST /api/chapters` `{ comicId, order, name?, volume? }`: a new draft.",
          "3. `POST /api/chapters/{chapterId}/pages` multipart: `files` (JPEG/PNG/WebP/GIF, 7 MB each), and JSON arrays aligned " +
            "with them: `clientIds` (a stable id per source file: re-sending one already stored answers the stored page, " +
            "`duplicate: true`) and, for scrambled pages, `keys` (docs/scramble-format.md). Prepare images as the dashboard does: " +
            "max width 1500 px, JPEG quality 0.95, GIF untouched (`npm run upload` does all of this).",
          "4. `GET /api/chapters/{chapterId}`: every stored page with its `clientId`, to resume after a break.",
          "5. `PUT /api/chapters/{chapterId}` `{ order, pages: [{ id }...] in reading order, publish: true, publishAt? }`: saves " +
            "the page list and publishes (or schedules) in one transaction.",
        ].join("\n"),
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", description: "Personal API token (`vts_...`)" },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const scope = input.route.config?.apiToken;
      if (!scope) return out;
      const schema = out.schema as Record<string, unknown>;
      return {
        ...out,
        schema: {
          ...schema,
          description:
            `${schema.description ?? ""} Accepts an API token (scope ${scope === "read" ? "`read` or `upload`" : "`upload`"}).`.trim(),
          security: [{ bearerAuth: [] }, {}],
        },
      };
    },
    // Shared schemas named with `.meta({ id })` (packages/shared/src/contracts) become
    // `components.schemas` and are referenced with `$ref`, so the generated client types
    // (packages/shared/src/api-types.ts) name them.
    transformObject: (input) => namedSchemasOnly(jsonSchemaTransformObject(input)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  // Multipart bodies are read only by the image gate (lib/image-gate.ts), which sets per-route
  // limits; an oversize part must throw rather than arrive cut.
  await app.register(fastifyMultipart, { limits: { fields: 20, parts: 64 }, throwFileSizeLimit: true });

  await registerIdentity(app);
  // Deep-page anchors of the comic list are dropped by any write this process answers.
  app.addHook("onResponse", clearAnchorsAfterWrite);
  await app.register(healthRoutes, { prefix: "/api" });
  await app.register(metricsRoutes);
  await app.register(usersRoutes, { prefix: "/api" });
  await app.register(teamsRoutes, { prefix: "/api" });
  await app.register(membersRoutes, { prefix: "/api" });
  await app.register(invitationsRoutes, { prefix: "/api" });
  await app.register(teamSettingsRoutes, { prefix: "/api" });
  await app.register(webhooksRoutes, { prefix: "/api" });
  await app.register(comicsRoutes, { prefix: "/api" });
  await app.register(chaptersRoutes, { prefix: "/api" });
  await app.register(requestsRoutes, { prefix: "/api" });
  await app.register(peopleRoutes, { prefix: "/api" });
  await app.register(trashRoutes, { prefix: "/api" });
  await app.register(adminRoutes, { prefix: "/api" });
  await app.register(notificationsRoutes, { prefix: "/api" });
  await app.register(historyRoutes, { prefix: "/api" });
  await app.register(tokensRoutes, { prefix: "/api" });
  await app.register(uploadSettingsRoutes, { prefix: "/api" });
  if (storage.kind === "local") await app.register(filesRoutes, { prefix: "/files" });

  if (hasDashboard) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: "/",
      wildcard: true,
      // Page addresses, "/" included, are answered by the not-found handler below.
      index: false,
      allowedPath: (pathname) => !pathname.endsWith("/"),
      // The web build writes .br/.gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      dotfiles: "ignore",
      setHeaders: (reply, path) => {
        const rel = path.slice(webDist.length).replaceAll("\\", "/");
        if (rel.startsWith("/assets/")) reply.header("cache-control", "public, max-age=31536000, immutable");
        // The download service worker too: a browser checks it for updates on every registration.
        else if (rel.endsWith(".html") || rel === "/download-sw.js")
          reply.header("cache-control", "no-cache");
        else reply.header("cache-control", "public, max-age=3600");
      },
    });
  }

  if (options.jobs) {
    const log = app.log.child({ module: "jobs" });
    app.jobs = await startJobEngine({
      database,
      context: { db: database.db, database, storage, config, log },
      jobs: JOBS,
      outage,
    });
    const engine = app.jobs;
    app.readinessChecks.set("jobs", async () => {
      await engine.status();
    });
    // Runs after in-flight requests finished (app.close), before the database closes (lifecycle.ts).
    app.addHook("onClose", async () => {
      await app.jobs?.stop();
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsHtml = request.headers.accept?.includes("text/html") ?? false;
    const isRead = request.method === "GET" || request.method === "HEAD";
    // The home address is a page for any client (curl or a monitor sends no text/html): it gets the
    // dashboard, or without a session the redirect to the sign-in page, never a JSON 404.
    const isHome = request.url === "/" || request.url.startsWith("/?");
    if (hasDashboard && isRead && (wantsHtml || isHome) && !isBackendPath(request.url)) {
      // /login is its own page. A dashboard page asked without a session cookie goes straight to
      // it, as the dashboard's guard would send it after loading (a first visit downloads the
      // sign-in page only: docs/architecture.md, "How the dashboard's build is split into files").
      // Any other path is the dashboard's, whose router decides what it shows (including its own
      // 404, and the guard's redirect when the cookie's session has ended).
      const path = request.url.split("?")[0]!;
      if (isLoginPage(path) && pages.includes("login.html")) {
        return reply.header("cache-control", "no-cache").sendFile("login.html", webDist);
      }
      if (isSignedInPage(path) && !request.cookies[SESSION_COOKIE]) {
        return reply.header("cache-control", "no-store").redirect(signInHrefFor(request.url), 302);
      }
      return reply.header("cache-control", "no-cache").sendFile("index.html", webDist);
    }
    throw new AppError("NOT_FOUND");
  });

  return app;
}

const STATUS_TO_CODE = new Map<number, ErrorCode>(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]),
);

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.lang ?? "vi";
  let status: number;
  let body: TErrorBody;

  if (isDatabaseUnavailable(error)) {
    // The database is unreachable: not the request's fault, try again shortly. The outage monitor
    // logs it once per outage; nothing is logged per request.
    request.server.dbOutage.absorb(error, "request");
    reply.header("retry-after", String(OUTAGE_RETRY_AFTER_SECONDS));
    return reply
      .status(ERROR_STATUS.SERVICE_UNAVAILABLE)
      .type("application/json; charset=utf-8")
      .send({ message: translate(lang, "errors.SERVICE_UNAVAILABLE"), code: "SERVICE_UNAVAILABLE" });
  }
  if (isZodError(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? "body";
    status = ERROR_STATUS.VALIDATION;
    body = {
      message: translate(lang, "errors.VALIDATION"),
      errors: zodIssueMessages(error.issues, lang, context),
      code: "VALIDATION",
    };
  } else if (error instanceof AppError && error.field) {
    status = ERROR_STATUS.VALIDATION;
    const issue = { code: "custom", path: error.field, message: error.message, input: undefined } as const;
    body = {
      message: translate(lang, "errors.VALIDATION"),
      errors: zodIssueMessages([issue], lang),
      code: "VALIDATION",
    };
  } else if (error instanceof AppError) {
    status = error.statusCode;
    body = {
      message:
        status >= 500
          ? translate(lang, `errors.${error.code}`)
          : translate(lang, error.message, error.params),
      code: error.code,
      ...(error.errors && status < 500 ? { errors: error.errors } : {}),
    };
  } else {
    const fastifyError = error as Partial<FastifyError>;
    const raw = fastifyError.statusCode;
    status = typeof raw === "number" && raw >= 400 && raw < 600 ? raw : 500;
    const code: ErrorCode = STATUS_TO_CODE.get(status) ?? (status >= 500 ? "INTERNAL" : "BAD_REQUEST");
    body = {
      message: translate(lang, status >= 500 ? "errors.INTERNAL" : `errors.${code}`),
      code: status >= 500 ? "INTERNAL" : code,
    };
  }

  if (status === ERROR_STATUS.SERVICE_UNAVAILABLE)
    reply.header("retry-after", String(OUTAGE_RETRY_AFTER_SECONDS));
  if (error instanceof AppError && error.retryAfter !== undefined) {
    reply.header("retry-after", String(error.retryAfter));
  }
  if (status >= 500) request.log.error({ err: error }, "request failed");
  else request.log.info({ code: body.code, status }, "request rejected");
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}
