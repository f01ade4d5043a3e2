// Comments and docs cite what a clone holds (docs/contributing.md, "Comments and docs cite the
// repository"): a doc under docs/, a file, or the rule itself; never the product spec's sections
// ("spec §5"), the platform facts, the issue tracker ("issue 12") or a folder beside the clone.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SELF = path.relative(root, fileURLToPath(import.meta.url));
const FOLDERS = ["apps", "packages", "scripts", "bench", "docs"];
/** What git ignores (.gitignore) and what is generated: never read. */
const SKIPPED = new Set([
  "node_modules",
  "dist",
  "data",
  "test-results",
  "playwright-report",
  "bench-results",
  ".tmp",
  "coverage",
]);
const TEXT = /\.(ts|tsx|mts|mjs|cjs|js|md|sql|css|html)$/;

/** What a clone does not hold: the spec's sections, issue numbers, the platform facts, ../shared. */
const OUTSIDE = [
  /§\s*\d/,
  /\b(issues?|PR|pull request)\s+#?\d+/i,
  /platform[- ]facts/i,
  /\bthe spec's\b|\bspec\/[\w.-]+\.md/i,
  /\.\.\/shared\//,
];

/** `file:line: text` for every line of `text` that cites something a clone does not hold. */
function outsideReferences(file, text) {
  return text
    .split("\n")
    .flatMap((line, i) =>
      OUTSIDE.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
    );
}

function files(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : files(rel);
    return TEXT.test(entry.name) && rel !== SELF ? [rel] : [];
  });
}

describe("outside references", () => {
  it("no source file or doc cites the spec's sections, the platform facts or an issue number", () => {
    const found = [...FOLDERS.flatMap(files), "README.md"].flatMap((file) =>
      outsideReferences(file, readFileSync(path.join(root, file), "utf8")),
    );
    expect(found, `cite docs/*.md or state the rule instead:\n${found.join("\n")}`).toEqual([]);
  });

  it("tells an outside reference from the repository's own words", () => {
    const cites = (line) => outsideReferences("x.ts", line).length > 0;
    const outside = [
      "// The route guard (spec §2).",
      "/** Spec §9 upload rule. */",
      "Three kinds come from the spec (§1, §7)",
      "// No lost update (issue 12).",
      " * Issue 31, items 1-3: whoever proves the mailbox",
      "(StreamSaver.js issue #69)",
      "status values (platform facts)",
      "the spec's failure kinds",
      "[spec](../shared/spec/uploader-dashboard-spec.md)",
    ];
    const own = [
      '// The chapter label rule (docs/dashboard.md, "Chapter label").',
      'never by an id ("#12")',
      "zod's issue codes are mapped to catalogue sentences",
      "the webhooks spec's receiver (apps/web/e2e/webhooks.spec.ts)",
    ];
    expect(outside.filter((line) => !cites(line))).toEqual([]);
    expect(own.filter(cites)).toEqual([]);
  });
});
