import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Storage } from "../../storage/storage";
import { pingDatabase } from "./health.repo";

export interface Health {
  status: "ok";
  db: Database["kind"];
  storage: Storage["kind"];
  version: string;
}

export async function getHealth(deps: {
  database: Database;
  storage: Storage;
  version: string;
}): Promise<Health> {
  let ok = false;
  try {
    ok = await pingDatabase(deps.database.db);
  } catch (error) {
    throw new AppError("SERVICE_UNAVAILABLE", undefined, { cause: error });
  }
  if (!ok) throw new AppError("SERVICE_UNAVAILABLE");
  return { status: "ok", db: deps.database.kind, storage: deps.storage.kind, version: deps.version };
}
