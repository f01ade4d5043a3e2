// The JS budgets (scripts/bundle-size.mjs): what a screen counts, and a screen over its budget.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { measureScreens, SCREENS } from "./bundle-size.mjs";

let dist;
/** A script of about `kb` KB once gzipped (random bytes do not compress). */
const script = (file, kb) => {
  const bytes = Buffer.from(Array.from({ length: kb * 1024 }, () => 33 + Math.floor(Math.random() * 90)));
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), bytes);
  return gzipSync(bytes, { level: 9 }).length / 1024;
};
const writeBuild = (manifest, chunkModules) => {
  mkdirSync(path.join(dist, ".vite"), { recursive: true });
  writeFileSync(path.join(dist, ".vite/manifest.json"), JSON.stringify(manifest));
  writeFileSync(path.join(dist, ".vite/chunk-modules.json"), JSON.stringify(chunkModules));
};
const screen = (budgetKb) => ({
  label: "chapter",
  entry: "index.html",
  routes: [/src\/app\/routes\/chapter\.tsx$/],
  budgetKb,
});

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), "vt-bundle-size-"));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe("JS budgets", () => {
  it("counts the entry, the route's chunk and their static imports, not the lazy ones", () => {
    const sizes = [
      script("assets/app.js", 2),
      script("assets/base.js", 3),
      script("assets/chapter.js", 4),
      script("assets/form.js", 1),
    ];
    script("assets/history.js", 8);
    writeBuild(
      {
        "index.html": { file: "assets/app.js", src: "index.html", isEntry: true, imports: ["_base.js"] },
        "login.html": { file: "assets/login.js", src: "login.html", isEntry: true },
        "_base.js": { file: "assets/base.js" },
        "src/app/routes/chapter.tsx": {
          file: "assets/chapter.js",
          imports: ["_base.js", "_form.js"],
          dynamicImports: ["_history.js"],
        },
        "_form.js": { file: "assets/form.js" },
        "_history.js": { file: "assets/history.js" },
      },
      { "assets/chapter.js": ["apps/web/src/app/routes/chapter.tsx"] },
    );
    const total = sizes.reduce((a, b) => a + b, 0);
    const [within] = measureScreens(dist, [screen(Math.ceil(total) + 1)]);
    expect(within.files.sort()).toEqual([
      "assets/app.js",
      "assets/base.js",
      "assets/chapter.js",
      "assets/form.js",
    ]);
    expect(within.kb).toBeCloseTo(total, 5);
    expect(within.ok).toBe(true);
    const [over] = measureScreens(dist, [screen(Math.floor(total) - 1)]);
    expect(over.ok).toBe(false);
  });

  it("fails when a script imports the sign-in page's entry", () => {
    script("assets/app.js", 1);
    writeBuild(
      {
        "index.html": {
          file: "assets/app.js",
          src: "index.html",
          isEntry: true,
          dynamicImports: ["login.html"],
        },
        "login.html": { file: "assets/login.js", src: "login.html", isEntry: true },
      },
      {},
    );
    expect(() => measureScreens(dist, [])).toThrow(/sign-in page's entry/);
  });

  it("measures the sign-in page, the home and the chapter editor", () => {
    expect(SCREENS.map((s) => s.label)).toEqual([
      "login page (signed out)",
      "dashboard home (signed in)",
      "chapter editor (signed in)",
    ]);
  });
});
