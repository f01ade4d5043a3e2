/**
 * The one way the dashboard uploads images (every picker: chapter pages, a page's replacement,
 * covers, volume art, team images, avatars). `url` is the multipart route; on S3 storage
 * (./upload-mode.ts) its pair `url/presign` + `url/direct` is used instead (./direct-upload.ts):
 * the bytes go straight to the bucket, with the same answer and the same progress.
 *
 * When a PUT to the bucket fails with a network error (status 0: the bucket's CORS rules are
 * wrong), this upload is sent again as multipart, marked with DIRECT_UPLOAD_FALLBACK_HEADER (the
 * server counts it in vt_direct_upload_fallbacks_total), and the rest of the session uploads
 * through the API.
 */
import { DIRECT_UPLOAD_FALLBACK_HEADER } from "@vt/shared/constants";
import { api, type FormFields, type ProgressCallback } from "./api-client";
import { rememberDirectFallback, uploadMode } from "./upload-mode";

export type ImageFile = { blob: Blob; name: string };

export type ImageUpload = {
  /** The multipart route, e.g. `/teams/3/logo`. */
  url: string;
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

export async function uploadImages<T>(upload: ImageUpload): Promise<T> {
  const { url, files, signal, onProgress } = upload;
  let fallback = false;
  if ((await uploadMode()) === "direct") {
    // Loaded only on S3 servers: pages that upload nothing do not carry it.
    const { BucketUnreachable, uploadDirect } = await import("./direct-upload");
    try {
      return await uploadDirect<T>(url, files, upload.body ?? upload.fields ?? {}, { signal, onProgress });
    } catch (error) {
      if (!(error instanceof BucketUnreachable)) throw error;
      rememberDirectFallback();
      fallback = true;
    }
  }
  const options = {
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
  return upload.many ? api.uploadMany<T>(url, blobs, options) : api.upload<T>(url, blobs[0]!, options);
}
