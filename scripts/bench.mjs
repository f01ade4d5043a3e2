#!/usr/bin/env node
// `npm run bench`: runs bench/run.ts under tsx (TypeScript sources) with the server's Node flags
// (apps/api/package.json "start"), since the benches run the app in this process.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const r = spawnSync(
  process.execPath,
  ["--v8-pool-size=0", "--import", "tsx", "bench/run.ts", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
  },
);
process.exit(r.status ?? 1);
