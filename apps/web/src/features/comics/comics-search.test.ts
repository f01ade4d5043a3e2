import { describe, expect, it } from "vitest";
import { COMIC_LIST_PAGE_SIZE, myComicsParams, parseComicId, parseComicListSearch } from "./comics-search";

describe("comic list search params", () => {
  it("keeps valid values and leaves defaults out", () => {
    expect(
      parseComicListSearch({ page: "3", search: " thanh guom ", status: "ongoing", sort: "oldest" }),
    ).toEqual({
      page: 3,
      search: "thanh guom",
      status: "ongoing",
      sort: "oldest",
    });
    expect(parseComicListSearch({ page: 1, sort: "newest", status: "all" })).toEqual({});
  });

  it("drops malformed values", () => {
    expect(parseComicListSearch({ page: "-2", status: "deleted", sort: "random", search: "   " })).toEqual(
      {},
    );
    expect(parseComicListSearch({ status: "merge-requested" })).toEqual({ status: "merge-requested" });
  });

  it("reads comic ids from the path", () => {
    expect(parseComicId("42")).toBe(42);
    expect(parseComicId("0")).toBeNull();
    expect(parseComicId("abc")).toBeNull();
    expect(parseComicId("99999999999")).toBeNull();
  });
});

describe("myComicsParams", () => {
  it("turns the URL search into the list query the page and its loader share", () => {
    expect(myComicsParams({})).toEqual({
      scope: "mine",
      page: 1,
      limit: COMIC_LIST_PAGE_SIZE,
      search: undefined,
      status: undefined,
      sort: undefined,
    });
    expect(myComicsParams({ page: 3, search: "guom", status: "completed", sort: "oldest" })).toMatchObject({
      page: 3,
      search: "guom",
      status: "completed",
      sort: "oldest",
    });
  });
});
