/**
 * A real app for integration tests: fresh database (see ./db.ts), local storage in a temporary
 * folder, silent logs. Call `close()` in afterAll.
 *
 *   const t = await createTestApp();
 *   const res = await t.app.inject({ method: "GET", url: "/api/health" });
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BuildAppOptions, buildApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import type { Database } from "../src/db/client";
import { createLocalStorage } from "../src/storage/local";
import type { Storage } from "../src/storage/storage";
import { createTestDatabase } from "./db";

export const TEST_ORIGIN = "http://localhost:3000";

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  database: Database;
  storage: Storage;
  dataDir: string;
  /** Headers a dashboard call carries (app origin); spread into inject() headers. */
  headers: Record<string, string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment variables for loadConfig. */
  env?: Record<string, string>;
  webDist?: BuildAppOptions["webDist"];
  /** Fastify logger option (default false: silent), e.g. `{ level: "info", stream }` to read the log. */
  logger?: BuildAppOptions["logger"];
  /** Start the job engine with the app (see BuildAppOptions.jobs). */
  jobs?: boolean;
  /** Run on this database instead of a fresh migrated one (closed by close()). */
  database?: Database;
  /** Use this storage (e.g. S3 on s3rver) instead of local files in the temporary folder. */
  storage?: Storage;
  /** Register throwaway routes before the app is ready. */
  setup?: (app: TestApp["app"]) => void | Promise<void>;
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    LOG_LEVEL: "silent",
    ...env,
  });
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "vt-api-test-"));
  const config = testConfig(dataDir, options.env);
  const database = options.database ?? (await createTestDatabase());
  const storage =
    options.storage ??
    (await createLocalStorage({
      root: config.storageDir,
      publicBaseUrl: `${config.publicUrl}/files`,
    }));
  const app = await buildApp({
    config,
    database,
    storage,
    logger: options.logger ?? false,
    webDist: options.webDist ?? null,
    jobs: options.jobs ?? false,
  });
  await options.setup?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    storage,
    dataDir,
    headers: { "x-app-origin": TEST_ORIGIN },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
