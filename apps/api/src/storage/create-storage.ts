import type { Config } from "../config";
import { createLocalStorage } from "./local";
import type { Storage } from "./storage";

export async function createStorage(
  config: Pick<Config, "s3" | "storageDir" | "publicUrl">,
): Promise<Storage> {
  if (config.s3) {
    // TODO(storage-s3): S3 driver (@aws-sdk/client-s3 + presigned PUTs) is not written yet.
    throw new Error(
      "S3 storage (S3_BUCKET) is not supported by this build yet; unset S3_BUCKET to use local storage.",
    );
  }
  return createLocalStorage({ root: config.storageDir, publicBaseUrl: `${config.publicUrl}/files` });
}
