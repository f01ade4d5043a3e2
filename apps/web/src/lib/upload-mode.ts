/**
 * How this server takes uploaded files: `direct` when it stores them in an S3-compatible bucket
 * (the browser PUTs the bytes to the bucket with presigned URLs, the API only checks and records
 * them), `api` otherwise (multipart through the API). Learnt once per page load from
 * `GET /api/health` (`storage: "local" | "s3"`); an unreachable answer means `api`, which works
 * with either storage.
 */
import { api } from "./api-client";

export type UploadMode = "direct" | "api";

let mode: Promise<UploadMode> | undefined;

export function uploadMode(): Promise<UploadMode> {
  mode ??= api.get("/api/health").then(
    (health) => (health.storage === "s3" ? "direct" : "api"),
    () => {
      mode = undefined;
      return "api";
    },
  );
  return mode;
}
