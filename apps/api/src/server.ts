/**
 * Process entry point: configuration, database (+ migrations), storage, HTTP server, signals.
 */
import type { AddressInfo } from "node:net";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createDatabase, runMigrations } from "./db/client";
import { DatabaseLockedError } from "./db/pglite-lock";
import { shutdown } from "./lifecycle";
import { createStorage } from "./storage/create-storage";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database: Awaited<ReturnType<typeof createDatabase>>;
  try {
    database = await createDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  try {
    const applied = await runMigrations(database);
    const storage = await createStorage(config);
    const app = await buildApp({ config, database, storage, jobs: true });
    // An upgrade says what it changed: one line per migration applied at this start, oldest first.
    for (const migration of applied) app.log.info({ migration }, `migration applied: ${migration}`);

    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        app.log.warn({ signal }, "second signal: exiting now");
        process.exit(1);
      }
      stopping = true;
      app.log.info({ signal }, "shutting down: finishing in-flight requests");
      shutdown({ app, database }).then(
        (clean) => {
          app.log.info({ clean }, "shutdown complete");
          process.exit(clean ? 0 : 1);
        },
        (error: unknown) => {
          app.log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    };
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);

    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      {
        db: database.kind,
        storage: storage.kind,
        publicUrl: config.publicUrl,
        dataDir: config.dataDir,
        migrationsApplied: applied.length,
      },
      "Vườn Truyện Studio API ready",
    );
    // The one line a person starting the server looks for, plain among the JSON log lines.
    process.stdout.write(`Open ${openUrl(config.publicUrl, app.server.address())} in your browser\n`);
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The address to open: PUBLIC_URL when it was set, otherwise http://localhost on the port the server
 * really listens on (PORT=0 picks a free one).
 */
function openUrl(publicUrl: string, address: AddressInfo | string | null): string {
  if (process.env.PUBLIC_URL || !address || typeof address === "string") return publicUrl;
  return `http://localhost:${address.port}`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
