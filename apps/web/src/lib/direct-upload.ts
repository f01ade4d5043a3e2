/**
 * Direct upload to the S3 bucket (when `uploadMode()` is `direct`, see ./upload-mode.ts), for any
 * route pair `<base>/presign` + `<base>/direct`. Callers use ./image-upload.ts, which picks this or
 * multipart:
 *   1. POST <base>/presign with each file's name, size and type (by its first bytes, as the server
 *      checks it) -> one presigned PUT per file;
 *   2. PUT each file to its URL (progress summed over the files, like one multipart request);
 *   3. POST <base>/direct with the keys and tickets (+ `extra` fields) -> the route's answer.
 * A PUT that fails with a network error (no answer: the bucket's CORS rules) is `BucketUnreachable`.
 */

import type { DirectUploadTickets } from "@vt/shared/api-schemas";
import { SNIFF_BYTES, sniffImageType } from "@vt/shared/image-sniff";
import { api, type ProgressCallback } from "./api-client";
import { isApiError } from "./api-error";

/** Path parameters of a route template, e.g. `{ chapterId: 3 }` for `/api/chapters/{chapterId}/page`. */
export type PathParams = Record<string, string | number>;

/**
 * The one untyped POST of the dashboard: `<route>/presign` and `<route>/direct` of whichever image
 * route ./image-upload.ts was given (that route, and so its pair, is checked against the OpenAPI
 * paths there).
 */
const post = api.post as unknown as (
  path: string,
  body: unknown,
  options: { params?: { path?: PathParams }; signal?: AbortSignal },
) => Promise<unknown>;

/** A PUT to the bucket failed at the network level (status 0): the caller may fall back to multipart. */
export class BucketUnreachable extends Error {
  override readonly name = "BucketUnreachable";
  constructor(cause: unknown) {
    super("direct upload: the storage bucket could not be reached", { cause });
  }
}

export type DirectFile = { blob: Blob; name: string };

/** The image type by the file's first bytes (what the server checks), else what the browser says. */
async function declaredType(blob: Blob): Promise<string> {
  const head = new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffImageType(head) ?? blob.type;
}

export async function uploadDirect<T>(
  base: string,
  pathParams: PathParams | undefined,
  files: readonly DirectFile[],
  extra: Record<string, unknown> = {},
  options: { signal?: AbortSignal; onProgress?: ProgressCallback } = {},
): Promise<T> {
  const { signal, onProgress } = options;
  const declared = await Promise.all(
    files.map(async (f) => ({ name: f.name, size: f.blob.size, type: await declaredType(f.blob) })),
  );
  const params = pathParams ? { path: pathParams } : undefined;
  const { uploads } = (await post(
    `${base}/presign`,
    { files: declared },
    { params, signal },
  )) as DirectUploadTickets;
  const total = declared.reduce((sum, f) => sum + f.size, 0);
  const loaded = declared.map(() => 0);
  await Promise.all(
    uploads.map((ticket, i) =>
      api.putDirect(ticket.url, files[i]!.blob, {
        headers: ticket.headers,
        signal,
        onProgress: (progress) => {
          loaded[i] = progress.loaded;
          const sum = loaded.reduce((a, b) => a + b, 0);
          onProgress?.({
            loaded: sum,
            total,
            percent: total ? Math.min(100, Math.round((sum / total) * 100)) : undefined,
          });
        },
      }),
    ),
  ).catch((error: unknown) => {
    // Neither the API nor a refusal: the browser could not reach the bucket (usually its CORS rules).
    throw isApiError(error) && error.kind === "cannot-connect" ? new BucketUnreachable(error) : error;
  });
  const confirmed = uploads.map((ticket, i) => ({
    key: ticket.key,
    token: ticket.token,
    filename: files[i]!.name,
  }));
  return (await post(`${base}/direct`, { ...extra, files: confirmed }, { params, signal })) as T;
}
