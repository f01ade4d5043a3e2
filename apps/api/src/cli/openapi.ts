/**
 * Writes the API's OpenAPI document, as the running app's @fastify/swagger produces it, to
 * docs/openapi.json (`npm run openapi`). With `--check` it writes nothing and exits 1 when the
 * committed document differs from the app's (`npm run check` runs it), so the document and the
 * web client types generated from it (packages/shared/src/api-types.ts) cannot drift from the routes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createDatabase, runMigrations } from "../db/client";
import { repoRoot } from "../lib/repo-root";
import { createLocalStorage } from "../storage/local";

export async function openApiDocument(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "vt-openapi-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: "openapi-document-openapi-document-0123",
    LOG_LEVEL: "silent",
  });
  const database = await createDatabase({});
  try {
    await runMigrations(database);
    const storage = await createLocalStorage({
      root: config.storageDir,
      publicBaseUrl: `${config.publicUrl}/files`,
    });
    const app = await buildApp({ config, database, storage, logger: false, webDist: null, jobs: false });
    await app.ready();
    const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    return text;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const file = join(repoRoot(), "docs/openapi.json");
  const text = await openApiDocument();
  if (process.argv.includes("--check")) {
    let committed = "";
    try {
      committed = readFileSync(file, "utf8");
    } catch {}
    if (committed !== text) {
      console.error(
        "docs/openapi.json differs from the routes: run `npm run openapi` and commit the result.",
      );
      process.exit(1);
    }
    return;
  }
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}

await main();
