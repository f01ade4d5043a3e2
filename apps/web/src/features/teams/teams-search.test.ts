import { describe, expect, it } from "vitest";
import { parseTeamId } from "./teams-search";

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
