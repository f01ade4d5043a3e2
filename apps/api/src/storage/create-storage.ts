import type { Config } from "../config";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { Storage } from "./storage";

/**
 * S3_BUCKET set: the S3-compatible driver (objects served from S3_PUBLIC_URL, browser direct
 * uploads through `presignPut`). Otherwise: the local folder STORAGE_DIR served under /files.
 */
export async function createStorage(
  config: Pick<Config, "s3" | "storageDir" | "publicUrl">,
): Promise<Storage> {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage({ root: config.storageDir, publicBaseUrl: `${config.publicUrl}/files` });
}
