/**
 * How this server takes uploaded files: `direct` when it stores them in an S3-compatible bucket
 * (the browser PUTs the bytes to the bucket with presigned URLs, the API only checks and records
 * them), `api` otherwise (multipart through the API). Learnt once per page load from
 * `GET /api/health` (`storage: "local" | "s3"`); an unreachable answer means `api`, which works
 * with either storage. After a direct PUT could not reach the bucket (`rememberDirectFallback`),
 * the rest of the browser session uploads through the API (sessionStorage).
 */
import { api } from "./api-client";

export type UploadMode = "direct" | "api";

const FALLBACK_KEY = "vt.upload.directFallback";

let mode: Promise<UploadMode> | undefined;

function fellBack(): boolean {
  try {
    return sessionStorage.getItem(FALLBACK_KEY) === "1";
  } catch {
    return false;
  }
}

export function uploadMode(): Promise<UploadMode> {
  if (fellBack()) return Promise.resolve("api");
  mode ??= api.get("/api/health").then(
    (health) => (health.storage === "s3" ? "direct" : "api"),
    () => {
      mode = undefined;
      return "api";
    },
  );
  return mode;
}

/** Direct uploads failed at the network level: upload through the API for the rest of the session. */
export function rememberDirectFallback(): void {
  if (fellBack()) return;
  console.warn(
    "Direct upload to the storage bucket failed (network error, most likely the bucket's CORS rules): uploading through the server for this session.",
  );
  try {
    sessionStorage.setItem(FALLBACK_KEY, "1");
  } catch {
    // No sessionStorage (private mode quota): this upload still falls back.
  }
}
