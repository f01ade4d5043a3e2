import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/**
 * The folder holding the root package.json (the one declaring workspaces). Relative paths in the
 * configuration resolve against it, so `npm start` from the root and from apps/api agree.
 */
export function repoRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      const json = JSON.parse(readFileSync(pkg, "utf8")) as { workspaces?: unknown };
      if (json.workspaces) {
        cached = dir;
        return dir;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("Could not find the repository root (package.json with workspaces)");
    dir = parent;
  }
}

export function appVersion(): string {
  const json = JSON.parse(readFileSync(join(repoRoot(), "package.json"), "utf8")) as { version?: string };
  return json.version ?? "0.0.0";
}
