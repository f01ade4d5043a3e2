import { readFileSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, transformWithOxc } from "vite";
// By path: the config loader runs workspace packages as Node modules, and @vt/shared is TypeScript.
import { isLoginPage } from "../../packages/shared/src/pages.ts";
import { chunkGroups } from "./chunk-groups.ts";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  version: string;
};
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? "http://localhost:3000";
const apiProxy = {
  "^/api(/|$)": { target: apiTarget },
  "^/auth(/|$)": { target: apiTarget },
  "^/files(/|$)": { target: apiTarget },
};

let moduleIds: string[] = [];
/**
 * Hands the build's module ids to `chunkGroups`, and writes `.vite/chunk-modules.json` (each
 * script and the source modules in it; `.vite` is never served) for scripts/bundle-size.mjs.
 */
const chunkMap: Plugin = {
  name: "vt-chunk-map",
  apply: "build",
  buildEnd() {
    moduleIds = [...this.getModuleIds()];
  },
  generateBundle(_options, bundle) {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const map: Record<string, string[]> = {};
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === "chunk")
        map[chunk.fileName] = Object.keys(chunk.modules).map((id) => id.replace(root, ""));
    }
    this.emitFile({ type: "asset", fileName: ".vite/chunk-modules.json", source: JSON.stringify(map) });
  },
};

/**
 * The download service worker (src/download-sw.ts) as /download-sw.js: compiled on its own, a
 * classic script with no imports, at the root so that its scope /download/ is allowed.
 */
const downloadWorker: Plugin = (() => {
  const source = fileURLToPath(new URL("./src/download-sw.ts", import.meta.url));
  const compile = async () =>
    (await transformWithOxc(readFileSync(source, "utf8"), source, { lang: "ts" })).code;
  return {
    name: "vt-download-sw",
    configureServer(server) {
      server.middlewares.use("/download-sw.js", (_req, res, next) => {
        compile().then((code) => {
          res.setHeader("content-type", "text/javascript; charset=utf-8");
          res.end(code);
        }, next);
      });
    },
    async generateBundle() {
      this.emitFile({ type: "asset", fileName: "download-sw.js", source: await compile() });
    },
  };
})();

/**
 * /login is its own page (login.html): index.html's document with the sign-in page's script, so the
 * two share one head (the theme script, whose hash the API allows). The dev server serves it at
 * /login, as the API does (app.ts).
 */
const signInPage: Plugin = {
  name: "vt-sign-in-page",
  transformIndexHtml: {
    order: "pre",
    handler(html, { filename }) {
      if (!filename.endsWith("login.html")) return html;
      const script = html.match(/<script type="module" src="[^"]+"><\/script>/)?.[0];
      const page = readFileSync(new URL("./index.html", import.meta.url), "utf8");
      const dashboardScript = '<script type="module" src="/src/main.tsx"></script>';
      if (!script || !page.includes(dashboardScript))
        throw new Error("login.html or index.html lost its script");
      return page.replace(dashboardScript, script);
    },
  },
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const [path, query] = (req.url ?? "").split(/\?(.*)/s);
      if (isLoginPage(path ?? "")) req.url = `/login.html${query ? `?${query}` : ""}`;
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), chunkMap, downloadWorker, signInPage],
  base: "/",
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  // Regex keys: a plain "/auth" prefix would also capture the dashboard's own /authors page.
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    // Files by when they are needed, not one per mix of pages (see chunk-groups.ts).
    rolldownOptions: {
      // The dashboard, and the sign-in page as its own document (src/sign-in-main.tsx).
      input: {
        app: fileURLToPath(new URL("./index.html", import.meta.url)),
        login: fileURLToPath(new URL("./login.html", import.meta.url)),
      },
      output: { codeSplitting: chunkGroups(() => moduleIds) },
    },
  },
});
