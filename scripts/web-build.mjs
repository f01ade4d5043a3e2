#!/usr/bin/env node
// Builds the dashboard only when apps/web/dist does not match its sources (`npm start` runs this).
//   node scripts/web-build.mjs            build unless the recorded hash matches the sources
//   node scripts/web-build.mjs --record   write the sources' hash into dist (the web build's last step)
// The hash covers what the build reads: apps/web and packages/shared (tests and e2e left out), the
// root package.json and package-lock.json, the build's own scripts, and VITE_* variables.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The file in dist holding the hash of the sources it was built from (a dotfile: never served). */
export const HASH_FILE = ".sources-hash";

const SOURCE_DIRS = ["apps/web", "packages/shared"];
const SOURCE_FILES = [
  "package.json",
  "package-lock.json",
  "scripts/precompress.mjs",
  "scripts/bundle-size.mjs",
  "scripts/web-build.mjs",
];
const SKIPPED_DIRS = new Set(["node_modules", "dist", "e2e", "test-results", "playwright-report", "test"]);
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function walk(root, rel, out) {
  const dir = path.join(root, rel);
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const child = path.posix.join(rel, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith(".")) walk(root, child, out);
    } else if (entry.isFile() && !isTestFile(entry.name)) out.push(child);
  }
}

/** sha256 of the dashboard's sources under `root` (paths, contents and VITE_* variables). */
export function webSourcesHash(root, env = process.env) {
  const files = [];
  for (const dir of SOURCE_DIRS) walk(root, dir, files);
  for (const file of SOURCE_FILES) if (existsSync(path.join(root, file))) files.push(file);
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  for (const key of Object.keys(env).sort()) if (key.startsWith("VITE_")) hash.update(`${key}=${env[key]}\0`);
  return hash.digest("hex");
}

/** True when apps/web/dist holds a complete build of exactly these sources. */
export function dashboardBuildIsCurrent(root, env = process.env) {
  const dist = path.join(root, "apps/web/dist");
  const recorded = path.join(dist, HASH_FILE);
  if (!existsSync(path.join(dist, "index.html")) || !existsSync(recorded)) return false;
  return readFileSync(recorded, "utf8").trim() === webSourcesHash(root, env);
}

export function recordDashboardBuild(root, env = process.env) {
  writeFileSync(path.join(root, "apps/web/dist", HASH_FILE), `${webSourcesHash(root, env)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  if (process.argv.includes("--record")) {
    recordDashboardBuild(root);
  } else if (dashboardBuildIsCurrent(root)) {
    console.log("Dashboard build is up to date (apps/web/dist matches the sources): not rebuilding.");
  } else {
    const r = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
    process.exit(r.status ?? 1);
  }
}
