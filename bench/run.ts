/**
 * `npm run bench`: runs every benchmark, prints its JSON, then one summary table (each
 * figure with the baseline measured in the same run, the ratio and the target), and writes JSON to
 * bench-results/<timestamp>.json and bench-results/latest.json.
 * Pass names to run a subset: `npm run bench -- api-health`.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Row } from "./lib";

const here = fileURLToPath(new URL(".", import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)));

const results: Record<string, unknown> = {};
const rows: Row[] = [];
for (const file of files) {
  const mod = (await import(join(here, file))) as { run: () => Promise<{ rows?: Row[] }> };
  console.log(`\n# ${file}`);
  const result = await mod.run();
  results[file.replace(/\.bench\.ts$/, "")] = result;
  rows.push(...(result.rows ?? []));
  console.log(JSON.stringify(result, null, 2));
}

if (rows.length > 0) {
  const cols = ["metric", "baseline", "measured", "ratio", "target", "ok"] as const;
  const cell = (r: Row, c: (typeof cols)[number]) =>
    c === "ok" ? (r.ok === undefined ? "" : r.ok ? "yes" : "NO") : r[c];
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (vals: string[]) => `| ${vals.map((v, i) => v.padEnd(width[i]!)).join(" | ")} |`;
  console.log(`\n## Summary (every figure against a baseline measured in this run)\n`);
  console.log(line([...cols]));
  console.log(line(width.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => cell(r, c))));
}

const out = join(here, "..", "bench-results");
mkdirSync(out, { recursive: true });
const report = JSON.stringify(
  { at: new Date().toISOString(), node: process.version, results, rows },
  null,
  2,
);
writeFileSync(join(out, `${Date.now()}.json`), report);
writeFileSync(join(out, "latest.json"), report);
console.log(`\nWritten to bench-results/latest.json`);
process.exit(0);
