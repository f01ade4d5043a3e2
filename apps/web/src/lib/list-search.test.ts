import { describe, expect, it } from "vitest";
import { parseListSearch } from "./list-search";

describe("parseListSearch", () => {
  it("keeps a valid page and a trimmed search", () => {
    expect(parseListSearch({ page: 3, search: "  hoa mai " })).toEqual({ page: 3, search: "hoa mai" });
    expect(parseListSearch({ page: "2" })).toEqual({ page: 2 });
  });

  it("drops page 1 (the default), bad pages and blank searches", () => {
    expect(parseListSearch({ page: 1, search: "   " })).toEqual({});
    expect(parseListSearch({ page: -4 })).toEqual({});
    expect(parseListSearch({ page: 2.5 })).toEqual({});
    expect(parseListSearch({ page: "abc", search: 42 })).toEqual({});
  });

  it("ignores other params (a list's own filters are parsed by that list)", () => {
    expect(parseListSearch({ page: 2, search: "a", status: "ongoing" })).toEqual({ page: 2, search: "a" });
  });

  it("caps the search at 100 characters", () => {
    expect(parseListSearch({ search: "a".repeat(300) }).search).toHaveLength(100);
  });
});
