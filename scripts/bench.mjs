#!/usr/bin/env node
// `npm run bench`: runs bench/run.ts under tsx (TypeScript sources, same as the server).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const r = spawnSync(process.execPath, ["--import", "tsx", "bench/run.ts", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
process.exit(r.status ?? 1);
