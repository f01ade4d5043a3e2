import { describe, expect, it } from "vitest";
import { jsonNestingExceeds, MAX_JSON_DEPTH, unsafeTextIssues } from "./safe-input";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("JSON nesting limit", () => {
  it("counts arrays and objects, not brackets inside strings or escaped quotes", () => {
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestingExceeds(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`)).toBe(false);
    expect(jsonNestingExceeds(`{"a":${nested(MAX_JSON_DEPTH)}}`)).toBe(true);
    expect(jsonNestingExceeds(JSON.stringify({ text: "[".repeat(100), q: '\\"[[[[' }))).toBe(false);
    expect(jsonNestingExceeds(nested(1_000_000))).toBe(true);
    // An escaped quote does not end a string; an escaped backslash before the quote does.
    const tricky = `["a\\"${"[".repeat(40)}", "b\\\\", ${nested(MAX_JSON_DEPTH - 1)}]`;
    expect(JSON.parse(tricky)).toHaveLength(3);
    expect(jsonNestingExceeds(tricky)).toBe(false);
    expect(jsonNestingExceeds(`["b\\\\", ${nested(MAX_JSON_DEPTH)}]`)).toBe(true);
  });

  it("the text walk stops at the limit instead of overflowing the stack", () => {
    const deep = JSON.parse(nested(100_000)) as unknown;
    const issues = unsafeTextIssues(deep);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ message: "input.tooDeep", maximum: MAX_JSON_DEPTH });
    expect(issues[0]!.path).toHaveLength(MAX_JSON_DEPTH);
    expect(unsafeTextIssues(JSON.parse(nested(MAX_JSON_DEPTH)))).toEqual([]);
  });
});
