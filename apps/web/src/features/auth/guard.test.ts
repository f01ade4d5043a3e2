import { describe, expect, it } from "vitest";
import { isSignedIn, loginHref, safeNextPath } from "./guard";

describe("route guard", () => {
  it("sends a signed-out visitor to /login?next={current path}", () => {
    expect(loginHref({ pathname: "/comics" })).toBe("/login?next=%2Fcomics");
  });

  it("sends a signed-out visitor of the home to plain /login (signing in lands there anyway)", () => {
    expect(loginHref({ pathname: "/" })).toBe("/login");
    expect(loginHref({ pathname: "/", searchStr: "?tab=1" })).toBe("/login?next=%2F%3Ftab%3D1");
  });

  it("keeps the search string of the wanted page in next", () => {
    expect(loginHref({ pathname: "/comics/12/chapters", searchStr: "?sort=desc&page=2" })).toBe(
      "/login?next=%2Fcomics%2F12%2Fchapters%3Fsort%3Ddesc%26page%3D2",
    );
  });

  it("lets only users with an id through", () => {
    expect(isSignedIn(undefined)).toBe(false);
    expect(isSignedIn({})).toBe(false);
    expect(isSignedIn({ id: "" })).toBe(false);
    expect(isSignedIn({ id: 0 })).toBe(true);
    expect(isSignedIn({ id: "u_1" })).toBe(true);
  });

  it("follows next only to same-site paths other than /login", () => {
    expect(safeNextPath("/comics?q=hoa")).toBe("/comics?q=hoa");
    expect(safeNextPath(undefined)).toBe("/");
    expect(safeNextPath("https://evil.example")).toBe("/");
    expect(safeNextPath("//evil.example")).toBe("/");
    expect(safeNextPath("/\\evil.example")).toBe("/");
    expect(safeNextPath("/login?next=%2F")).toBe("/");
  });
});
