/**
 * The one way the dashboard uploads images (every picker: chapter pages, a page's replacement,
 * covers, volume art, team images, avatars). `path` is the multipart route (an OpenAPI path
 * template, with `pathParams`); on S3 storage (./upload-mode.ts) its pair `path/presign` +
 * `path/direct` is used instead (./direct-upload.ts): the bytes go straight to the bucket, with the
 * same answer and the same progress. Only routes that have the pair are accepted (`ImageRoute`).
 *
 * When a PUT to the bucket fails with a network error (status 0: the bucket's CORS rules are
 * wrong), this upload is sent again as multipart, marked with DIRECT_UPLOAD_FALLBACK_HEADER (the
 * server counts it in vt_direct_upload_fallbacks_total), and the rest of the session uploads
 * through the API.
 */

import type { paths } from "@vt/shared/api-types";
import { DIRECT_UPLOAD_FALLBACK_HEADER } from "@vt/shared/constants";
import {
  api,
  type FormFields,
  type Operation,
  type PathsWith,
  type ProgressCallback,
  type ResponseOf,
} from "./api-client";
import type { PathParams } from "./direct-upload";
import { rememberDirectFallback, uploadMode } from "./upload-mode";

type PostPath = PathsWith<paths, "post">;

/** A multipart image route of the OpenAPI document that has its direct pair. */
export type ImageRoute = {
  [P in PostPath]: `${P}/presign` extends PostPath ? (`${P}/direct` extends PostPath ? P : never) : never;
}[PostPath];

/** What an image route answers (its direct confirm answers the same). */
export type ImageAnswer<P extends ImageRoute> = ResponseOf<Operation<paths, P, "post">>;

export type ImageFile = { blob: Blob; name: string };

export type ImageUpload<P extends ImageRoute> = {
  /** The multipart route, e.g. `/api/teams/{teamId}/logo`. */
  path: P;
  pathParams?: PathParams;
  files: readonly ImageFile[];
  /** Several files under `files` (else one under `file`). */
  many?: boolean;
  /** Multipart form fields (sent before the files). */
  fields?: FormFields;
  /** The same fields for the direct confirm's JSON body (default: `fields`). */
  body?: Record<string, unknown>;
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
};

/** A picked blob's file name (a cropped Blob has none). */
export function imageFile(blob: Blob, fallbackName = "image"): ImageFile {
  return { blob, name: typeof File !== "undefined" && blob instanceof File ? blob.name : fallbackName };
}

type Multipart = (
  path: string,
  files: Blob | readonly Blob[],
  options: {
    params?: { path?: PathParams };
    signal?: AbortSignal;
    onProgress?: ProgressCallback;
    fields?: FormFields;
    headers?: Record<string, string>;
  },
) => Promise<unknown>;

export async function uploadImages<P extends ImageRoute>(upload: ImageUpload<P>): Promise<ImageAnswer<P>> {
  const { path, pathParams, files, signal, onProgress } = upload;
  let fallback = false;
  if ((await uploadMode()) === "direct") {
    // Loaded only on S3 servers: pages that upload nothing do not carry it.
    const { BucketUnreachable, uploadDirect } = await import("./direct-upload");
    try {
      return await uploadDirect<ImageAnswer<P>>(path, pathParams, files, upload.body ?? upload.fields ?? {}, {
        signal,
        onProgress,
      });
    } catch (error) {
      if (!(error instanceof BucketUnreachable)) throw error;
      rememberDirectFallback();
      fallback = true;
    }
  }
  const options = {
    params: pathParams ? { path: pathParams } : undefined,
    signal,
    onProgress,
    fields: upload.fields,
    ...(fallback ? { headers: { [DIRECT_UPLOAD_FALLBACK_HEADER]: "direct" } } : {}),
  };
  const blobs = files.map((f) =>
    typeof File !== "undefined" && f.blob instanceof File && f.blob.name === f.name
      ? f.blob
      : new File([f.blob], f.name, { type: f.blob.type }),
  );
  // The route is one of the document's (ImageRoute); its parameters are the caller's.
  const send = (upload.many ? api.uploadMany : api.upload) as unknown as Multipart;
  return (await send(path, upload.many ? blobs : blobs[0]!, options)) as ImageAnswer<P>;
}
