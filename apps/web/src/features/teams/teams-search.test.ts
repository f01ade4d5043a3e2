import { describe, expect, it } from "vitest";
import { parseListSearch, parseTeamId } from "./teams-search";

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

  it("caps the search at 100 characters", () => {
    expect(parseListSearch({ search: "a".repeat(300) }).search).toHaveLength(100);
  });
});

describe("parseTeamId", () => {
  it("accepts positive 32-bit integers only", () => {
    expect(parseTeamId("12")).toBe(12);
    expect(parseTeamId("0")).toBeNull();
    expect(parseTeamId("abc")).toBeNull();
    expect(parseTeamId("1e3")).toBeNull();
    expect(parseTeamId("99999999999")).toBeNull();
    expect(parseTeamId(undefined)).toBeNull();
  });
});
