/** Response schemas the route files share: error bodies by status, and "no content". */
import { ZErrorBody } from "@vt/shared/errors";
import { z } from "zod";

/** The error body under each of `statuses`, for a route's `response` schema. */
export const errorResponses = (...statuses: number[]): Record<number, typeof ZErrorBody> =>
  Object.fromEntries(statuses.map((s) => [s, ZErrorBody]));

/** Errors of every team- or comic-scoped route: signed out, not a member / no such thing, role too low. */
export const scopedErrors = errorResponses(401, 403, 404);

/** Errors of an upload through the image gate (lib/image-gate.ts) besides the scoped ones. */
export const uploadErrors = { ...scopedErrors, ...errorResponses(413, 415, 422, 429) };

/** Errors of a direct upload's presign and confirm routes (lib/direct-upload.ts): an upload's, and 409. */
export const directUploadErrors = { ...uploadErrors, ...errorResponses(409) };

/** A 204 answer. */
export const NoContent = z.null().describe("No content");
