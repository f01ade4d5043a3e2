/**
 * The naming rule of docs/architecture.md ("Files of an API module"): a name with a dot is a layer
 * file, `<subject>.<layer>.ts`, whose subject starts with the module's name; any other file is a
 * helper named for what it holds, in kebab-case, with no dot. Tests add `.test.ts` to either.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../src/lib/repo-root";

const LAYERS = ["routes", "direct-routes", "service", "repo"];
const KEBAB = "[a-z0-9]+(?:-[a-z0-9]+)*";

export function misnamed(module: string, file: string): boolean {
  const name = file.replace(/(\.[a-z-]+)?\.test\.ts$/, ".ts");
  if (file.endsWith(".test.ts") && name === file) return true;
  const layer = new RegExp(`^(${KEBAB})\\.(${LAYERS.join("|")})\\.ts$`).exec(name);
  if (layer) return !(layer[1] === module || layer[1]!.startsWith(`${module}-`));
  return !new RegExp(`^${KEBAB}\\.ts$`).test(name);
}

describe("API module file names", () => {
  it("follow one rule: <module>[-part].<layer>.ts, or a helper <what>.ts", () => {
    const modules = join(repoRoot(), "apps/api/src/modules");
    const bad = readdirSync(modules).flatMap((module) =>
      readdirSync(join(modules, module))
        .filter((file) => misnamed(module, file))
        .map((file) => `${module}/${file}`),
    );
    expect(bad).toEqual([]);
  });

  it("tells the odd names apart", () => {
    expect(misnamed("comics", "comics.merge.ts")).toBe(true);
    expect(misnamed("comics", "comicsList.ts")).toBe(true);
    expect(misnamed("teams", "members.repo.ts")).toBe(true);
    expect(misnamed("comics", "comics-list.repo.ts")).toBe(false);
    expect(misnamed("chapters", "chapter-access.ts")).toBe(false);
    expect(misnamed("comics", "comics.direct-routes.ts")).toBe(false);
    expect(misnamed("comics", "comic-merge.test.ts")).toBe(false);
    expect(misnamed("requests", "requests.lifecycle.test.ts")).toBe(false);
  });
});
