#!/usr/bin/env node
// The gzipped JavaScript Chromium loads to render three screens, from Vite's build manifest and
// the build's module map (.vite/chunk-modules.json, written by vite.config.ts): the page's entry
// chunk (login.html's, index.html's) with its static imports, the chunk holding each route's module
// with its imports, and the chunks rendering loads lazily (dynamic imports that always run for that
// screen, listed per screen below: the signed-in query client and its persister, the header's
// notification bell). Sonner is not counted: it loads with the first toast (lib/toast.ts), which no
// screen raises; nor is what a screen loads after its first paint (a chapter's History, the form's
// checks, dialogs: docs/architecture.md, "Round trips and budgets").
//   node scripts/bundle-size.mjs            print each screen against its budget (`npm run build`)
//   node scripts/bundle-size.mjs --strict   the same, exit 1 when a screen is over (`npm test`)
// It also fails when any script imports the sign-in page's entry.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** What the signed-in shell loads before any signed-in page (chunk-groups.ts, `signed-in`). */
const SHELL = [
  /src\/app\/shell\/app-layout\.tsx$/,
  /src\/lib\/query-client\.ts$/,
  /react-query-persist-client\/build\/modern\/index\.js$/,
  /src\/features\/notifications\/notification-bell\.tsx$/,
];

/** The screens measured and their budgets (KB of gzipped JS; docs/architecture.md). */
export const SCREENS = [
  { label: "login page (signed out)", entry: "login.html", routes: [], budgetKb: 120 },
  {
    label: "dashboard home (signed in)",
    entry: "index.html",
    routes: [/src\/app\/routes\/home\.tsx$/, ...SHELL],
    budgetKb: 180,
  },
  {
    label: "chapter editor (signed in)",
    entry: "index.html",
    routes: [/src\/app\/routes\/chapter\.tsx$/, ...SHELL],
    budgetKb: 290,
  },
];

/** Each screen of `screens` measured in the build at `dist`: { label, kb, files, budgetKb, ok }. */
export function measureScreens(dist, screens = SCREENS) {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
  const chunkModules = JSON.parse(readFileSync(path.join(dist, ".vite/chunk-modules.json"), "utf8"));
  /** The entries' manifest keys: the dashboard (index.html) and the sign-in page (login.html). */
  const entryOf = (html) =>
    Object.keys(manifest).find((k) => manifest[k].isEntry && manifest[k].src === html);
  const signInEntry = entryOf("login.html");
  const keyOfFile = new Map(Object.entries(manifest).map(([k, v]) => [v.file, k]));
  /** The manifest key of the chunk holding a module matching `matcher`, or of a chunk named so. */
  const chunkKey = (matcher) => {
    const named = Object.keys(manifest).find((k) => matcher.test(k) && manifest[k].file.endsWith(".js"));
    if (named) return named;
    const file = Object.keys(chunkModules).find((f) => chunkModules[f].some((id) => matcher.test(id)));
    return file ? keyOfFile.get(file) : undefined;
  };

  // The sign-in page's entry renders it when run: no other script may import it.
  for (const [key, chunk] of Object.entries(manifest)) {
    if ((chunk.imports ?? []).includes(signInEntry) || (chunk.dynamicImports ?? []).includes(signInEntry))
      throw new Error(`${key} imports the sign-in page's entry (${manifest[signInEntry].file})`);
  }

  const closure = (keys) => {
    const seen = new Set();
    const visit = (k) => {
      if (seen.has(k) || !manifest[k]) return;
      seen.add(k);
      for (const i of manifest[k].imports ?? []) visit(i);
    };
    for (const k of keys) visit(k);
    return seen;
  };
  // What the server sends: the precompressed .gz beside the file (scripts/precompress.mjs), or a
  // gzip of the file when the build was not precompressed.
  const gz = (file) => {
    const full = path.join(dist, file);
    return existsSync(`${full}.gz`)
      ? statSync(`${full}.gz`).size
      : gzipSync(readFileSync(full), { level: 9 }).length;
  };

  return screens.map(({ label, entry, routes, budgetKb }) => {
    const entryKey = entryOf(entry);
    const routeKeys = routes.map(chunkKey);
    if (!entryKey || routeKeys.some((k) => k === undefined))
      throw new Error(`A chunk is missing for ${label}`);
    const files = [...closure([entryKey, ...routeKeys])]
      .map((k) => manifest[k].file)
      .filter((f) => f.endsWith(".js"));
    const kb = files.reduce((n, f) => n + gz(f), 0) / 1024;
    return { label, kb, files, budgetKb, ok: kb <= budgetKb };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/dist");
  const results = measureScreens(dist);
  for (const { label, kb, files, budgetKb, ok } of results) {
    const verdict = ok ? "within" : "OVER";
    console.log(
      `${label}: ${kb.toFixed(1)} KB gzipped JS (${files.length} chunks), ${verdict} the ${budgetKb} KB budget`,
    );
  }
  if (process.argv.includes("--strict") && results.some((r) => !r.ok)) process.exit(1);
}
