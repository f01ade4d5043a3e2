#!/usr/bin/env node
// Writes .gz (zlib level 9) and .br (quality 11) beside every text asset of the dashboard build,
// so the server sends compressed files without compressing per request (@fastify/static
// preCompressed). Run after `vite build` (the web build script does).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/dist");
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && !name.endsWith(".map")) {
      const body = readFileSync(file);
      if (body.length < 1024) continue; // not worth a second request variant
      const gz = gzipSync(body, { level: 9 });
      const br = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      writeFileSync(`${file}.gz`, gz);
      writeFileSync(`${file}.br`, br);
      files++;
      before += body.length;
      after += gz.length;
    }
  }
}

walk(dist);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB gzip`,
);
