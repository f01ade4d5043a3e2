#!/usr/bin/env node
// `npm run bench`: runs bench/run.ts with the server's own Node flags, read from the API's start
// script (apps/api/package.json "start": node <flags> src/server.ts), since the benches run the app
// in this process.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const start = JSON.parse(readFileSync(path.join(root, "apps/api/package.json"), "utf8")).scripts.start;
const words = start.trim().split(/\s+/);
if (words[0] !== "node" || words.at(-1) !== "src/server.ts") {
  throw new Error(`apps/api's start script is not "node <flags> src/server.ts": ${start}`);
}
const r = spawnSync(process.execPath, [...words.slice(1, -1), "bench/run.ts", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
process.exit(r.status ?? 1);
