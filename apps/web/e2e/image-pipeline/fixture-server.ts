/**
 * Builds the image-pipeline fixture page (index.html + lab.ts) with Vite, using the dashboard's own
 * vite.config.ts so workers are bundled exactly as in production, and serves it on loopback
 * together with in-memory files under /files/ (the generated test images). Used by
 * e2e/image-pipeline.spec.ts and bench/image-pipeline.bench.ts.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, "../..");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
};

/** Vite production build of the fixture into a temporary directory; returns that directory. */
export async function buildImageLab(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), "vt-image-lab-"));
  const { build } = await import("vite");
  await build({
    configFile: path.join(webRoot, "vite.config.ts"),
    root: here,
    logLevel: "warn",
    build: {
      outDir,
      emptyOutDir: true,
      manifest: false,
      reportCompressedSize: false,
      // The lab's own page, not the dashboard's two (vite.config.ts names those).
      rolldownOptions: { input: path.join(here, "index.html") },
    },
  });
  return outDir;
}

export type StoredFile = { body: Uint8Array; type: string };

export type ImageLabServer = {
  url: string;
  outDir: string;
  /** Files served at `/files/<key>`. */
  files: Map<string, StoredFile>;
  close(): Promise<void>;
};

export async function startImageLab(outDir?: string): Promise<ImageLabServer> {
  const dir = outDir ?? (await buildImageLab());
  const files = new Map<string, StoredFile>();
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    if (pathname.startsWith("/files/")) {
      const f = files.get(pathname.slice("/files/".length));
      if (!f) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": f.type, "content-length": f.body.byteLength });
      res.end(f.body);
      return;
    }
    const rel = pathname === "/" ? "index.html" : pathname.slice(1);
    const file = path.resolve(dir, rel);
    if (!file.startsWith(dir + path.sep) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    outDir: dir,
    files,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          if (!outDir) rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
