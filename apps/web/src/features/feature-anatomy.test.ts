/**
 * The client-call rule of docs/contributing.md ("Client call"): a feature's calls to the typed API
 * client live in `features/<feature>/api/`, one endpoint per file with its hook or query options, and
 * query keys come from those `xQueryOptions` factories and the roots in `lib/query-keys.ts`, never
 * from an array typed where the cache is read or changed.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const src = join(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative(src, path)] : [];
  });
}

const files = sourceFiles(src).map((file) => ({ file, text: readFileSync(join(src, file), "utf8") }));
const inApiFolder = (file: string) => /^features\/[a-z-]+\/api\//.test(file);

/** A call of the typed client: `api.get(`, `api.post(`, ... */
const CLIENT_CALL = /\bapi\.(get|post|put|patch|delete)\(/;
/** A key array spelled out where a cache method takes it: `invalidateQueries({ queryKey: ["x"] })`. */
const HAND_TYPED_CACHE_KEY =
  /\b(invalidateQueries|refetchQueries|resetQueries|removeQueries|cancelQueries|getQueryData|setQueryData|getQueriesData|setQueriesData|ensureQueryData|fetchQuery|prefetchQuery)\(\s*(\{\s*queryKey:\s*)?\[\s*["'`]/;
/** A key array that starts with a string: `queryKey: ["x", ...]` or `xQueryKeyAll = ["x"]`. */
const KEY_ROOT = /(queryKey:\s*|QueryKeyAll\s*=\s*(\([^)]*\)\s*=>\s*)?)\[\s*["'`]/;

describe("feature anatomy", () => {
  it("has no flat features/<feature>/api.ts: each endpoint is a file under api/", () => {
    expect(files.map((f) => f.file).filter((file) => /^features\/[a-z-]+\/api\.tsx?$/.test(file))).toEqual(
      [],
    );
  });

  it("calls the typed client only from features/<feature>/api/ (or lib/ and components/)", () => {
    const outside = files.filter(
      ({ file, text }) => file.startsWith("features/") && !inApiFolder(file) && CLIENT_CALL.test(text),
    );
    expect(outside.map((f) => f.file)).toEqual([]);
  });

  it("never hands a cache method a hand-typed key array", () => {
    expect(files.filter(({ text }) => HAND_TYPED_CACHE_KEY.test(text)).map((f) => f.file)).toEqual([]);
  });

  it("names key roots only in lib/query-keys.ts and in a feature's api/ files", () => {
    const stray = files.filter(
      ({ file, text }) => file !== "lib/query-keys.ts" && !inApiFolder(file) && KEY_ROOT.test(text),
    );
    expect(stray.map((f) => f.file)).toEqual([]);
  });

  it("tells the patterns apart", () => {
    expect(HAND_TYPED_CACHE_KEY.test(`queryClient.invalidateQueries({ queryKey: ["comic"] })`)).toBe(true);
    expect(HAND_TYPED_CACHE_KEY.test(`queryClient.setQueryData(["notifications", "settings"], saved)`)).toBe(
      true,
    );
    expect(HAND_TYPED_CACHE_KEY.test(`queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll })`)).toBe(
      false,
    );
    expect(HAND_TYPED_CACHE_KEY.test(`queryClient.setQueryData(teamQueryOptions(id).queryKey, team)`)).toBe(
      false,
    );
    expect(KEY_ROOT.test(`queryKey: ["team", { teamId }] as const`)).toBe(true);
    expect(
      KEY_ROOT.test(`const teamActivityQueryKeyAll = (teamId: number) => ["team-activity"] as const`),
    ).toBe(true);
    expect(KEY_ROOT.test(`queryKey: [...teamsQueryKeyAll, "directory", { search }] as const`)).toBe(false);
    expect(CLIENT_CALL.test(`api.get("/api/comics", { signal })`)).toBe(true);
  });
});
