/**
 * How the build splits the dashboard into files (Rolldown's `output.codeSplitting`).
 *
 * Left to itself the bundler makes one file per distinct set of pages sharing a module: every icon
 * and every small component used by a different mix of pages becomes its own file, and a cold
 * /comics asked for 83 of them. Chromium pays a few milliseconds per request over HTTP/1.1's six
 * connections, so on loopback the file count, not the bytes, decided when the page could paint.
 *
 * Here the modules are placed by *when they are needed*, from the static import graph of the two
 * documents' entries (index.html: src/main.tsx; login.html: src/sign-in-main.tsx):
 * - `base`: what both entries import (React, i18next, the API client: the first download of any visit);
 * - `app`: the rest of the dashboard entry's static imports (its router among them);
 * - `signed-in`: what the signed-in shell needs (the layout, the query client and its persister,
 *   the header's notification bell), loaded before any signed-in page, so one file costs no
 *   signed-in page a byte it would not have loaded anyway; the home page (a few hundred bytes),
 *   where signing in lands; and the "verify your e-mail" banner (about 1 KB): an unverified user's
 *   first paint waits for it, and as a file of its own it was asked for only after the session
 *   check, behind the page's other files;
 * - `sign-in`: the rest of what the sign-in page's entry imports;
 * - `shared`: what the sign-in page shares with the shell or with any dashboard page (buttons,
 *   inputs, form fields, cards), so no dashboard page loads the sign-in page's own file;
 * - `icons`: every other icon a page shows (~5 KB in all), one file instead of one per icon;
 * - anything else (the pages' own code) is left to the bundler's default split, which makes one
 *   file per mix of pages sharing a module; those under INLINE_BELOW (16 KiB of source, ~3-5 KB
 *   gzip) are not files of their own: Rolldown copies their code into each page file that reads them
 *   (`experimentalInlineCommonChunks`; a registry in its runtime keeps one instance of each module,
 *   and no page loads code it would not have loaded). A cold chapter page asked for 65 scripts and
 *   now asks for 22, a comic page 52 then 18, /comics 32 then 14, for 5-7 KB more gzip each;
 *   the sign-in page and the home gain 3-5 KB (the runtime's registry and each module's wrapper, as
 *   modules then run in their source order: `strictExecutionOrder`). The dashboard's entry file
 *   (`app-*.js`) is then a facade of a few bytes; the `app` group's code is written to a file named
 *   `web-*.js`, which index.html preloads beside it.
 * Icons and Radix parts are imported through their packages' index files, which import everything;
 * the graph walk follows only the names a module actually imports from them (`barrelExports`,
 * `importedNames`).
 */
type ModuleInfo = { importedIds: readonly string[]; code: string | null };

/** Common files of the default split smaller than this (summed module source, bytes) are inlined. */
const INLINE_BELOW = 16 * 1024;
/** Vite's CSS plugin emits a style module's CSS from every file listing it: styles stay in files. */
const STYLES = /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/;
type Context = { getModuleInfo(id: string): ModuleInfo | null };

// Each document's own module (Vite's HTML entry: its script and the modulepreload polyfill) and its script.
const ENTRY = [/[\\/]apps[\\/]web[\\/]index\.html$/, /[\\/]src[\\/]main\.tsx$/];
const SIGNED_IN = [
  /[\\/]src[\\/]app[\\/]shell[\\/]app-layout\.tsx$/,
  /[\\/]src[\\/]lib[\\/]query-client\.ts$/,
  /[\\/]react-query-persist-client[\\/]build[\\/]modern[\\/]index\.js$/,
  /[\\/]src[\\/]features[\\/]notifications[\\/]notification-bell\.tsx$/,
  /[\\/]src[\\/]app[\\/]routes[\\/]home\.tsx$/,
  /[\\/]src[\\/]features[\\/]auth[\\/]components[\\/]verify-email-banner\.tsx$/,
];
const SIGN_IN = [/[\\/]apps[\\/]web[\\/]login\.html$/, /[\\/]src[\\/]sign-in-main\.tsx$/];
/** Index files that re-export a whole package, by the specifier the dashboard imports them with. */
const BARRELS: Record<string, RegExp> = {
  "radix-ui": /[\\/]node_modules[\\/]radix-ui[\\/]dist[\\/]index\.mjs$/,
  "lucide-react": /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/,
};

/** Exported name -> the module id that provides it, read from a barrel's own code. */
function barrelExports(info: ModuleInfo): Map<string, string> {
  const code = info.code ?? "";
  const idFor = (specifier: string) => {
    const tail = specifier.replace(/^\.\//, "/");
    return info.importedIds.find((id) =>
      specifier.startsWith(".")
        ? id.replaceAll("\\", "/").endsWith(tail)
        : id.replaceAll("\\", "/").includes(`/node_modules/${specifier}/`),
    );
  };
  const names = new Map<string, string>();
  for (const m of code.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s+["']([^"']+)["']/g)) {
    const id = idFor(m[2]!);
    if (id) names.set(m[1]!, id);
  }
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const id = idFor(m[2]!);
    if (!id) continue;
    for (const part of m[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.set(name, id);
    }
  }
  return names;
}

/** The names `importer` imports from the barrel imported as `specifier`. */
function importedNames(importer: ModuleInfo, specifier: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier}["']`, "g");
  for (const m of (importer.code ?? "").matchAll(pattern)) {
    for (const part of m[1]!.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

/** Every module `roots` import statically; `exportsOf` caches each barrel's exports across calls. */
function staticClosure(
  ctx: Context,
  roots: readonly string[],
  exportsOf: Map<string, Map<string, string>>,
): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    for (const next of info.importedIds) {
      const barrel = Object.entries(BARRELS).find(([, pattern]) => pattern.test(next));
      if (!barrel) {
        stack.push(next);
        continue;
      }
      const barrelInfo = ctx.getModuleInfo(next);
      if (!barrelInfo) continue;
      const names = exportsOf.get(next) ?? barrelExports(barrelInfo);
      exportsOf.set(next, names);
      for (const name of importedNames(info, barrel[0])) {
        const target = names.get(name);
        if (target) stack.push(target);
        else
          throw new Error(`chunk-groups: ${name} from ${barrel[0]} (in ${id}) not found in its index file`);
      }
    }
  }
  return seen;
}

type Sets = { entry: Set<string>; signedIn: Set<string>; signIn: Set<string>; pages: Set<string> };
const PAGES = [/[\\/]src[\\/]app[\\/]routes[\\/][^\\/]+\.tsx$/];
const ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/** `moduleIds` answers the build's module ids (a new array per build: the analysis is redone). */
export function chunkGroups(moduleIds: () => readonly string[]) {
  let cached: Sets | null = null;
  let cachedFor: readonly string[] | null = null;
  const setsFor = (ctx: Context): Sets => {
    const ids = moduleIds();
    if (cached && cachedFor === ids) return cached;
    cachedFor = ids;
    const exportsOf = new Map<string, Map<string, string>>();
    const closure = (patterns: RegExp[]) =>
      staticClosure(
        ctx,
        ids.filter((id) => patterns.some((p) => p.test(id))),
        exportsOf,
      );
    cached = {
      entry: closure(ENTRY),
      signedIn: closure(SIGNED_IN),
      signIn: closure(SIGN_IN),
      pages: closure(PAGES),
    };
    return cached;
  };
  const place = (ctx: Context, id: string): string | null => {
    // The sign-in page's entry renders it on load: it stays in its own file, which only login.html
    // loads (a dashboard page importing a form part from `sign-in` must not run it).
    if (SIGN_IN.some((pattern) => pattern.test(id))) return null;
    const { entry, signedIn, signIn, pages } = setsFor(ctx);
    const inLogin = signIn.has(id);
    if (entry.has(id)) return inLogin ? "base" : "app";
    const inShell = signedIn.has(id);
    // Parts of the sign-in page that dashboard pages use too (form fields, cards): in `shared`, which
    // every signed-in page loads anyway, not in a file that carries the sign-in page with them.
    if (inLogin && (inShell || pages.has(id))) return "shared";
    if (inShell) return "signed-in";
    if (inLogin) return "sign-in";
    if (ICON.test(id) && pages.has(id)) return "icons";
    return null;
  };
  const group = (name: string, priority: number) => ({
    debugName: name,
    priority,
    includeDependenciesRecursively: false,
    name: (id: string, ctx: Context) => (place(ctx, id) === name ? name : null),
  });
  return {
    // The pages' small shared files: copied into each page file that reads them (see the header).
    experimentalInlineCommonChunks: { maxSize: INLINE_BELOW, exclude: STYLES },
    groups: [
      group("base", 5),
      group("app", 4),
      group("shared", 3),
      group("signed-in", 2),
      group("sign-in", 1),
      group("icons", 0),
    ],
  };
}
