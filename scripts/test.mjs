#!/usr/bin/env node
// The README's test command. Runs every suite in order and ends with one plain line
// totalling them: "N passed, N failed, N skipped". Exit code is non-zero when anything failed.
//   checks:   typecheck (each workspace), lint/format (Biome), the import rules (npm run lint:deps:
//             dependency-cruiser and the API's module cycles) and the committed OpenAPI document
//             and its web types (npm run openapi:check): every check docs/architecture.md calls enforced
//   unit+api: Vitest projects shared, api, web (api on PGlite, and on PostgreSQL when
//             TEST_DATABASE_URL is set; TEST_PGLITE_PROJECTS=web,shared limits the PGlite pass
//             to those projects) and scripts (the repository's own rules, such as
//             scripts/outside-references.test.mjs: comments and docs cite the repository)
//   e2e:      the web build, then its JS budgets (scripts/bundle-size.mjs --strict: a screen over
//             its budget fails), then Playwright in system Chromium against the real server on a temp data dir; where
//             /usr/bin/chromium is missing and this runs as root with apt-get, Debian's chromium is
//             installed first (said so in the output)
// Each suite's line gives its time; `--summary <file>` also writes the totals as JSON (.ci/run
// adds up its Node 20 and Node 24 runs with it).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tmp = path.join(root, ".tmp");
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const suites = [];
const args = process.argv.slice(2);
const summaryAt = args.indexOf("--summary");
const summaryFile = summaryAt >= 0 ? args.splice(summaryAt, 2)[1] : undefined;
const only = args; // e.g. `npm test -- e2e`
const wanted = (name) => only.length === 0 || only.includes(name);
let suiteStart = Date.now();
console.log(`Node.js ${process.version}`);

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function record(name, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  const seconds = Math.round((Date.now() - suiteStart) / 1000);
  suiteStart = Date.now();
  suites.push({ name, passed, failed, skipped, seconds });
}

/**
 * The end-to-end tests need Debian's chromium. On a fresh machine where it is missing and Debian's
 * packages can be installed (root, apt-get present), install it, saying so; otherwise say how.
 */
function ensureChromium(chromium) {
  if (existsSync(chromium) || process.env.CHROMIUM_PATH) return existsSync(chromium);
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !existsSync("/usr/bin/apt-get")) return false;
  console.log(
    `\nNo Chromium at ${chromium}: installing Debian's chromium for the end-to-end tests (apt-get install chromium).`,
  );
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["update", "-qq"], env) === 0) run("apt-get", ["install", "-y", "-qq", "chromium"], env);
  return existsSync(chromium);
}

if (wanted("check")) {
  for (const ws of ["packages/shared", "apps/api", "apps/web", "bench"]) {
    const ok = run("npx", ["tsc", "-p", ws]) === 0;
    record(`typecheck ${ws}`, ok ? 1 : 0, ok ? 0 : 1);
  }
  const lintOk = run("npx", ["biome", "check", "."]) === 0;
  record("lint+format", lintOk ? 1 : 0, lintOk ? 0 : 1);
  const depsOk = run("npm", ["run", "--silent", "lint:deps"]) === 0;
  record("import rules (lint:deps)", depsOk ? 1 : 0, depsOk ? 0 : 1);
  const openapiOk = run("npm", ["run", "--silent", "openapi:check"]) === 0;
  record("OpenAPI document (openapi:check)", openapiOk ? 1 : 0, openapiOk ? 0 : 1);
}

function vitest(name, args, env) {
  const out = path.join(tmp, `${name.replace(/\W+/g, "-")}.json`);
  rmSync(out, { force: true });
  const code = run(
    "npx",
    ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile=${out}`],
    env,
  );
  if (!existsSync(out)) return record(name, 0, 1);
  const r = JSON.parse(readFileSync(out, "utf8"));
  const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  record(name, r.numPassedTests, failed, r.numPendingTests + r.numTodoTests);
}

if (wanted("unit")) {
  // Every project on PGlite first (or only those TEST_PGLITE_PROJECTS names, comma-separated: .ci/run's
  // Node 24 pass leaves the API's PGlite run to the Node 20 pass); then the API project again on
  // PostgreSQL when configured.
  const projects = (process.env.TEST_PGLITE_PROJECTS ?? "").split(",").filter(Boolean);
  vitest(
    projects.length ? `vitest (PGlite: ${projects.join(", ")})` : "vitest (PGlite)",
    projects.flatMap((p) => ["--project", p]),
    { TEST_DATABASE_URL: "" },
  );
  if (process.env.TEST_DATABASE_URL) vitest("vitest api (PostgreSQL)", ["--project", "api"], {});
}

if (wanted("e2e")) {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const buildOk = run("npm", ["run", "build"]) === 0;
  if (buildOk) {
    const budgetsOk = run("node", ["scripts/bundle-size.mjs", "--strict"]) === 0;
    record("web build and its JS budgets (bundle-size --strict)", budgetsOk ? 1 : 0, budgetsOk ? 0 : 1);
  }
  if (!buildOk) record("web build", 0, 1);
  else if (!ensureChromium(chromium)) {
    console.error(`\nEnd-to-end tests cannot run: no Chromium at ${chromium} (apt-get install chromium).`);
    record("e2e (chromium missing)", 0, 1);
  } else {
    const out = path.join(tmp, "e2e.json");
    rmSync(out, { force: true });
    const code = run("npx", ["playwright", "test", "-c", "apps/web/playwright.config.ts"], { E2E_JSON: out });
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, "utf8")).stats ?? {};
      const failed = (s.unexpected ?? 0) + (code !== 0 && !s.unexpected ? 1 : 0);
      record("e2e", (s.expected ?? 0) + (s.flaky ?? 0), failed, s.skipped ?? 0);
    } else {
      record("e2e", 0, 1);
    }
  }
}

console.log(`\nSuites (Node.js ${process.version}):`);
for (const s of suites)
  console.log(`  ${s.name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (${s.seconds} s)`);
if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ node: process.version, ...totals, suites }));
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
