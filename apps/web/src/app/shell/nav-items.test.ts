import { describe, expect, it } from "vitest";
import { isNavItemActive, NAV_ITEMS } from "./nav-items";

const active = (pathname: string) =>
  NAV_ITEMS.filter((item) => isNavItemActive(item, pathname)).map((i) => i.key);

describe("sidebar entries", () => {
  it("are dashboard, teams, comics, authors, artists, characters, then requests and admin", () => {
    expect(NAV_ITEMS.map((item) => item.key)).toEqual([
      "dashboard",
      "teams",
      "comics",
      "authors",
      "artists",
      "characters",
      "requests",
      "admin",
    ]);
    expect(NAV_ITEMS.filter((item) => item.adminOnly).map((item) => item.key)).toEqual(["admin"]);
  });

  it("highlight exactly one entry, also for nested paths", () => {
    expect(active("/")).toEqual(["dashboard"]);
    expect(active("/dashboard")).toEqual(["dashboard"]);
    expect(active("/comics/12/chapters/3")).toEqual(["comics"]);
    expect(active("/teams/4/donate")).toEqual(["teams"]);
    expect(active("/authors")).toEqual(["authors"]);
  });

  it("do not highlight an entry for a path that only shares a prefix", () => {
    expect(active("/comicsx")).toEqual([]);
  });
});
