/**
 * `npm run bench`: runs every benchmark, prints a summary and writes JSON to
 * bench-results/<timestamp>.json and bench-results/latest.json.
 * Pass names to run a subset: `npm run bench -- api-health`.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)));

const results: Record<string, unknown> = {};
for (const file of files) {
  const mod = (await import(join(here, file))) as { run: () => Promise<unknown> };
  console.log(`\n# ${file}`);
  const result = await mod.run();
  results[file.replace(/\.bench\.ts$/, "")] = result;
  console.log(JSON.stringify(result, null, 2));
}

const out = join(here, "..", "bench-results");
mkdirSync(out, { recursive: true });
const report = JSON.stringify({ at: new Date().toISOString(), node: process.version, results }, null, 2);
writeFileSync(join(out, `${Date.now()}.json`), report);
writeFileSync(join(out, "latest.json"), report);
console.log(`\nWritten to bench-results/latest.json`);
process.exit(0);
