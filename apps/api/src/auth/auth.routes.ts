/**
 * Mounts the embedded identity provider's Web-standard handler under /auth/* and adds
 * GET /auth/providers (third-party sign-in buttons of the login page).
 *
 * The body is handed over unparsed (this scope has its own catch-all buffer parser), and the
 * client address Fastify resolved with TRUST_PROXY semantics travels in CLIENT_IP_HEADER, the only
 * header the provider reads an IP from; a client-sent copy of that header is dropped.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error";
import { type AuthProvider, CLIENT_IP_HEADER, listOidcProviders } from "./provider";

const BODY_LIMIT = 64 * 1024;

export function authRoutes(auth: AuthProvider) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    app.get("/providers", { schema: { hide: true } }, async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return listOidcProviders(app.config, auth);
    });

    app.route({
      method: ["GET", "POST"],
      url: "/*",
      schema: { hide: true },
      handler: (request, reply) => forward(auth, app.config.publicUrl, request, reply),
    });
  };
}

async function forward(auth: AuthProvider, publicUrl: string, request: FastifyRequest, reply: FastifyReply) {
  // Absolute URL on the configured public origin: better-auth's baseURL is fixed, never derived
  // from the Host header.
  const url = new URL(request.url, `${new URL(publicUrl).origin}/`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && Buffer.isBuffer(request.body);
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
    }),
  );

  // The provider answers its own 500 when the database is unreachable: the same 503 as the API's.
  if (response.status >= 500 && request.server.dbOutage.down) throw new AppError("SERVICE_UNAVAILABLE");
  const body = Buffer.from(await response.arrayBuffer());
  // Unknown /auth paths answer like every other unknown backend path.
  if (response.status === 404 && body.length === 0) throw new AppError("NOT_FOUND");
  if (response.status === 429) {
    // Same error shape as the rest of the API ({ message, code }), plus when to retry.
    const retryAfter = response.headers.get("x-retry-after");
    if (retryAfter) reply.header("retry-after", retryAfter);
    throw new AppError("RATE_LIMITED");
  }
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  reply.header("cache-control", response.headers.get("cache-control") ?? "no-store");
  return reply.send(body);
}
