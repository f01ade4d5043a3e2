/**
 * Vitest global setup: build one migrated PGlite database per run and dump it to a file; each
 * test file's databases load that dump (~0.4 s) instead of running initdb + migrations (~2.5 s).
 * Skipped when TEST_DATABASE_URL is set (tests then use PostgreSQL).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createDatabase, runMigrations } from "../src/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgliteTemplate", null);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "vt-pglite-template-"));
  const database = await createDatabase({});
  try {
    await runMigrations(database);
    const dump = await database.pglite!.dumpDataDir("none");
    const file = join(dir, "template.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteTemplate", file);
  } finally {
    await database.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
