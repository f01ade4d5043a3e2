import { describe, expect, it } from "vitest";
import {
  chapterState,
  isChapterVisible,
  ZCreateChapterRequest,
  ZQuickUpdateVolumeRequest,
  ZUpdateChapterRequest,
} from "./chapters";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("chapter contracts", () => {
  it("accepts decimal orders and the oneshot -1, and fills the optional fields", () => {
    expect(ZCreateChapterRequest.parse({ comicId: 1, order: 12.5 })).toMatchObject({
      order: 12.5,
      name: "",
      volume: null,
      hideOrder: false,
      donateTeamIds: [],
      config: {},
    });
    expect(ZCreateChapterRequest.parse({ comicId: 1, order: -1 }).order).toBe(-1);
    // Missing publishAt stays missing (the team's publish delay fills it); null means no schedule.
    expect(ZCreateChapterRequest.parse({ comicId: 1, order: 1 }).publishAt).toBeUndefined();
    expect(ZCreateChapterRequest.parse({ comicId: 1, order: 1, publishAt: null }).publishAt).toBeNull();
  });

  it.each([-2, -0.5, Number.NaN])("refuses order %s with validation.chapterOrderInvalid", (order) => {
    expect(issues(ZCreateChapterRequest.safeParse({ comicId: 1, order }))).toEqual([
      ["order", "validation.chapterOrderInvalid"],
    ]);
  });

  it("needs a name when the order is hidden", () => {
    expect(
      issues(ZCreateChapterRequest.safeParse({ comicId: 1, order: 1, hideOrder: true, name: "  " })),
    ).toEqual([["name", "validation.hiddenOrderNeedsTitle"]]);
    expect(
      ZCreateChapterRequest.safeParse({ comicId: 1, order: 1, hideOrder: true, name: "Ngoại truyện" })
        .success,
    ).toBe(true);
  });

  it("needs a schedule later than now (epoch ms or ISO string)", () => {
    const past = new Date(Date.now() - 1000).toISOString();
    expect(issues(ZUpdateChapterRequest.safeParse({ order: 1, publishAt: past }))).toEqual([
      ["publishAt", "validation.scheduleInFuture"],
    ]);
    const future = Date.now() + 60_000;
    expect(
      ZUpdateChapterRequest.parse({ order: 1, publishAt: new Date(future).toISOString() }).publishAt,
    ).toBe(future);
  });

  it("refuses to publish an empty page list and a page listed twice", () => {
    expect(issues(ZUpdateChapterRequest.safeParse({ order: 1, pages: [], publish: true }))).toEqual([
      ["pages", "validation.pagesRequired"],
    ]);
    expect(issues(ZUpdateChapterRequest.safeParse({ order: 1, pages: [{ id: 1 }, { id: 1 }] }))).toEqual([
      ["pages", "chapters.pageDuplicate"],
    ]);
  });

  it("needs fromChapterOrder <= toChapterOrder for a quick volume update", () => {
    expect(
      issues(
        ZQuickUpdateVolumeRequest.safeParse({
          comicId: 1,
          volume: 2,
          fromChapterOrder: 5,
          toChapterOrder: 1,
        }),
      ),
    ).toEqual([["toChapterOrder", "chapters.rangeInvalid"]]);
    expect(
      ZQuickUpdateVolumeRequest.safeParse({
        comicId: 1,
        volume: null,
        fromChapterOrder: -1,
        toChapterOrder: 12.5,
      }).success,
    ).toBe(true);
  });
});

describe("chapter visibility", () => {
  const now = 1_000_000;
  it.each([
    [{ status: "draft", hidden: false, publishedAt: null }, false, "draft"],
    [{ status: "published", hidden: false, publishedAt: now + 1 }, false, "scheduled"],
    [{ status: "published", hidden: true, publishedAt: now - 1 }, false, "hidden"],
    [{ status: "published", hidden: false, publishedAt: now }, true, "visible"],
  ] as const)("%o -> visible %s, state %s", (c, visible, state) => {
    expect(isChapterVisible(c, now)).toBe(visible);
    expect(chapterState(c, now)).toBe(state);
  });
});
