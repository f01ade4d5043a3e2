import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error";
import { isBearerOnly } from "./api-token";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** Opt a state-changing route out of the app-origin (CSRF) check, e.g. a signed webhook. */
    skipAppOrigin?: boolean;
  }
}

function normalizeOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CSRF guard (onRequest/preHandler hook). A state-changing request must present its origin in
 * `x-app-origin` (the dashboard sends it on every call; a cross-site page cannot add it without a
 * CORS preflight we never grant) or in the browser's `Origin` header, and every origin it presents
 * must be one of TRUSTED_ORIGINS. Otherwise: 403 FORBIDDEN. Applied to /api/* by buildApp;
 * add it to other routes with `onRequest: requireAppOrigin`.
 */
export async function requireAppOrigin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!STATE_CHANGING.has(request.method)) return;
  if (request.routeOptions.config?.skipAppOrigin) return;
  // An API token without cookies: a cross-site page cannot attach the header, and routes that do
  // not accept tokens answer 401 for it (auth/api-token.ts), so there is no ambient credential to forge.
  if (isBearerOnly(request)) return;
  const trusted = request.server.config.trustedOrigins;
  const presented = [request.headers["x-app-origin"], request.headers.origin]
    .flatMap((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]))
    .map((v) => v.trim());
  const ok =
    presented.length > 0 &&
    presented.every((value) => {
      const origin = normalizeOrigin(value);
      return origin !== undefined && trusted.includes(origin);
    });
  if (!ok) throw new AppError("FORBIDDEN");
}
