import { execFileSync } from "node:child_process";
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

let commit: string | null | undefined;

/** The git commit of the checkout the server runs from (12 hex digits), null outside a git checkout. */
export function appCommit(): string | null {
  if (commit !== undefined) return commit;
  try {
    const out = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], {
      cwd: repoRoot(),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5000,
    }).trim();
    commit = /^[0-9a-f]{7,40}$/.test(out) ? out : null;
  } catch {
    commit = null;
  }
  return commit;
}
