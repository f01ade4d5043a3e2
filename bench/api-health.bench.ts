/**
 * Overhead of our HTTP stack: GET /api/health through the real app (request ids, language,
 * error handling, database ping) against a bare Fastify route answering the same JSON,
 * both over loopback HTTP (one kept-alive connection each, lib.ts `jsonClient`) in the same process
 * and run.
 */
import { rmSync } from "node:fs";
import Fastify from "fastify";
import { buildApp } from "../apps/api/src/app";
import { createDatabase, runMigrations } from "../apps/api/src/db/client";
import { createLocalStorage } from "../apps/api/src/storage/local";
import { benchConfig, jsonClient, measure, ratio } from "./lib";

export async function run() {
  const { dataDir, config } = benchConfig("health");
  const database = await createDatabase({});
  await runMigrations(database);
  const storage = await createLocalStorage({ root: config.storageDir, publicBaseUrl: "/files" });
  const app = await buildApp({ config, database, storage, logger: false, webDist: null });
  const base = Fastify({ logger: false });
  base.get("/api/health", async () => ({ status: "ok", db: "pglite", storage: "local", version: "0" }));
  const appUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = await base.listen({ port: 0, host: "127.0.0.1" });
  const baseClient = jsonClient(baseUrl);
  const appClient = jsonClient(appUrl);
  try {
    const n = 2000;
    const baseline = await measure(() => baseClient.get("/api/health"), n);
    const ours = await measure(() => appClient.get("/api/health"), n);
    return {
      name: "GET /api/health vs bare Fastify",
      unit: "ms",
      baseline,
      ours,
      ratioP50: ratio(ours.p50, baseline.p50),
      ratioP99: ratio(ours.p99, baseline.p99),
    };
  } finally {
    baseClient.close();
    appClient.close();
    await app.close();
    await base.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
