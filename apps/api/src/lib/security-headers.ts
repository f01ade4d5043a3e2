/**
 * Headers that keep the dashboard from being framed or scripted from elsewhere.
 * Every response except `/files/*` (which sends its own sandbox policy) gets `X-Frame-Options: DENY`
 * and a Content-Security-Policy with `frame-ancestors 'none'`. The dashboard's policy allows what
 * the app itself uses: its own scripts plus the inline theme script of index.html (by hash),
 * inline styles (Radix positions popovers with style attributes), images and fetches from any
 * http(s) origin (covers and pages live on the storage's public base, possibly S3 or the platform),
 * `blob:`/`data:` previews, and image workers from its own origin or `blob:`.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";

/** `'sha256-...'` sources for each inline `<script>` (without src) of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash("sha256").update(match[1]!, "utf8").digest("base64")}'`);
  }
  return hashes;
}

export function dashboardCsp(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` ${h}`).join("")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self' https: http:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Only framing is ruled out on the API docs page (Swagger UI ships its own inline code). */
const FRAMING_ONLY = "frame-ancestors 'none'";

/** Adds the headers to every response; `scriptHashes` come from the built index.html. */
export function registerSecurityHeaders(app: FastifyInstance, scriptHashes: readonly string[]): void {
  const policy = dashboardCsp(scriptHashes);
  app.addHook("onSend", async (request, reply, payload) => {
    const path = request.url.split("?")[0]!;
    if (path.startsWith("/files/")) return payload;
    reply.header("x-frame-options", "DENY");
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", path.startsWith("/api/docs") ? FRAMING_ONLY : policy);
    }
    return payload;
  });
}
