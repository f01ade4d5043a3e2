#!/usr/bin/env node
// Prints the gzipped JavaScript Chromium loads to render two screens, from Vite's build manifest
// and the build's module map (.vite/chunk-modules.json, written by vite.config.ts): the page's
// entry chunk (login.html's, index.html's) with its static imports, the chunk holding each route's
// module with its imports, and the chunks rendering loads lazily (dynamic imports that always run
// for that screen, listed per route below: the signed-in query client and its persister, the
// header's notification bell). Sonner is not counted: it loads with the first toast (lib/toast.ts),
// which neither screen raises. Budgets (docs/architecture.md, "Round trips and budgets"): signed-out
// /login <= 120 KB, signed-in dashboard home <= 180 KB.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/dist");
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
/** The entries' manifest keys: the dashboard (index.html) and the sign-in page (login.html). */
const entryOf = (html) => Object.keys(manifest).find((k) => manifest[k].isEntry && manifest[k].src === html);
const dashboardEntry = entryOf("index.html");
const signInEntry = entryOf("login.html");
const chunkModules = JSON.parse(readFileSync(path.join(dist, ".vite/chunk-modules.json"), "utf8"));
const keyOfFile = new Map(Object.entries(manifest).map(([k, v]) => [v.file, k]));
/** The manifest key of the chunk holding a module matching `matcher`, or of a chunk named so. */
function chunkKey(matcher) {
  const named = Object.keys(manifest).find((k) => matcher.test(k) && manifest[k].file.endsWith(".js"));
  if (named) return named;
  const file = Object.keys(chunkModules).find((f) => chunkModules[f].some((id) => matcher.test(id)));
  return file ? keyOfFile.get(file) : undefined;
}

// The sign-in page's entry renders it when run: no other script may import it.
for (const [key, chunk] of Object.entries(manifest)) {
  if ((chunk.imports ?? []).includes(signInEntry) || (chunk.dynamicImports ?? []).includes(signInEntry))
    throw new Error(`${key} imports the sign-in page's entry (${manifest[signInEntry].file})`);
}

function closure(keys) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return seen;
}

// What the server sends: the precompressed .gz beside the file (scripts/precompress.mjs), or a
// gzip of the file when the build was not precompressed.
const gz = (file) => {
  const full = path.join(dist, file);
  return existsSync(`${full}.gz`)
    ? statSync(`${full}.gz`).size
    : gzipSync(readFileSync(full), { level: 9 }).length;
};
function measure(label, entryKey, routeMatchers, budgetKb) {
  const routeKeys = routeMatchers.map(chunkKey);
  if (!entryKey || routeKeys.some((k) => k === undefined)) throw new Error(`A chunk is missing for ${label}`);
  const files = [...closure([entryKey, ...routeKeys])]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith(".js"));
  const kb = files.reduce((n, f) => n + gz(f), 0) / 1024;
  const verdict = kb <= budgetKb ? "within" : "OVER";
  console.log(
    `${label}: ${kb.toFixed(1)} KB gzipped JS (${files.length} chunks), ${verdict} the ${budgetKb} KB budget`,
  );
  return kb <= budgetKb;
}

const ok = [
  measure("login page (signed out)", signInEntry, [], 120),
  measure(
    "dashboard home (signed in)",
    dashboardEntry,
    [
      /src\/app\/routes\/home\.tsx$/,
      /src\/app\/shell\/app-layout\.tsx$/,
      /src\/lib\/query-client\.ts$/,
      /react-query-persist-client\/build\/modern\/index\.js$/,
      /src\/features\/notifications\/notification-bell\.tsx$/,
    ],
    180,
  ),
].every(Boolean);
if (process.argv.includes("--strict") && !ok) process.exit(1);
