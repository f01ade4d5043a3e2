// `npm start` rebuilds the dashboard only when its sources changed (scripts/web-build.mjs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dashboardBuildIsCurrent, recordDashboardBuild } from "./web-build.mjs";

let root;
const write = (rel, text) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "vt-web-build-"));
  write("package.json", "{}");
  write("package-lock.json", '{"lockfileVersion":3}');
  write("apps/web/src/main.tsx", "render()");
  write("apps/web/index.html", "<!doctype html>");
  write("packages/shared/src/pages.ts", "export const LOGIN_PATH = '/login';");
  write("apps/web/dist/index.html", "<!doctype html><script src=/assets/a.js></script>");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("dashboard build reuse", () => {
  it("builds when there is no build, or one without a recorded hash", () => {
    rmSync(path.join(root, "apps/web/dist"), { recursive: true });
    expect(dashboardBuildIsCurrent(root, {})).toBe(false);
    write("apps/web/dist/index.html", "<!doctype html>");
    expect(dashboardBuildIsCurrent(root, {})).toBe(false);
  });

  it("reuses a build of the same sources; tests and end-to-end specs do not count", () => {
    recordDashboardBuild(root, {});
    expect(dashboardBuildIsCurrent(root, {})).toBe(true);
    write("apps/web/src/lib/thing.test.ts", "it()");
    write("apps/web/e2e/auth.spec.ts", "test()");
    write("apps/web/node_modules/x/index.js", "x");
    expect(dashboardBuildIsCurrent(root, {})).toBe(true);
  });

  it.each([
    ["a web source", "apps/web/src/main.tsx", "render(<App />)"],
    ["a new web source", "apps/web/src/new.ts", "export {}"],
    ["a shared contract", "packages/shared/src/pages.ts", "export const LOGIN_PATH = '/sign-in';"],
    ["the lockfile", "package-lock.json", '{"lockfileVersion":3,"packages":{}}'],
  ])("rebuilds when %s changed", (_what, file, text) => {
    recordDashboardBuild(root, {});
    write(file, text);
    expect(dashboardBuildIsCurrent(root, {})).toBe(false);
  });

  it("rebuilds when a VITE_ variable differs, or the build output lost its page", () => {
    recordDashboardBuild(root, { VITE_API_PROXY_TARGET: "http://a" });
    expect(dashboardBuildIsCurrent(root, { VITE_API_PROXY_TARGET: "http://a", HOME: "/x" })).toBe(true);
    expect(dashboardBuildIsCurrent(root, { VITE_API_PROXY_TARGET: "http://b" })).toBe(false);
    rmSync(path.join(root, "apps/web/dist/index.html"));
    expect(dashboardBuildIsCurrent(root, { VITE_API_PROXY_TARGET: "http://a" })).toBe(false);
  });
});
