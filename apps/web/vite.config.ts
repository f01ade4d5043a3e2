import { readFileSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  version: string;
};
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? "http://localhost:3000";
const apiProxy = {
  "^/api(/|$)": { target: apiTarget },
  "^/auth(/|$)": { target: apiTarget },
  "^/files(/|$)": { target: apiTarget },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
});
