import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { InvalidStorageKeyError, isValidKey } from "../../storage/storage";
import { detectServedType, peekStream } from "./files.service";

const SNIFF_BYTES = 4100;

/**
 * Public file base for local storage (`/files/<key>`). Keys are random and never rewritten, so
 * responses are cacheable forever. Served with the type detected from content and `nosniff`;
 * anything not a safe image is a download, and a sandbox CSP guards against scripted content.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/*",
    {
      schema: {
        hide: true,
        params: z.object({ "*": z.string() }),
      },
    },
    async (request, reply) => {
      const key = request.params["*"];
      if (!isValidKey(key)) throw new AppError("NOT_FOUND");
      const object = await app.storage.stream(key).catch((error: unknown) => {
        // e.g. a symlink planted in the storage folder pointing outside it
        if (error instanceof InvalidStorageKeyError) return null;
        throw error;
      });
      if (!object) throw new AppError("NOT_FOUND");
      const { head, body } = await peekStream(object.stream, SNIFF_BYTES);
      const type = await detectServedType(head);
      reply
        .header("content-type", type.contentType)
        .header("content-length", object.size)
        .header("last-modified", object.lastModified.toUTCString())
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cross-origin-resource-policy", "cross-origin")
        .header("access-control-allow-origin", "*");
      if (!type.inline) {
        const name = key.slice(key.lastIndexOf("/") + 1);
        reply.header("content-disposition", `attachment; filename="${name}"`);
      }
      return reply.send(body);
    },
  );
};
