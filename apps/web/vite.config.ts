import { readFileSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, transformWithOxc } from "vite";
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

export default defineConfig({
  plugins: [react(), tailwindcss(), chunkMap, downloadWorker],
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
    rolldownOptions: { output: { codeSplitting: chunkGroups(() => moduleIds) } },
  },
});
