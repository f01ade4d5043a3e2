import { CHAPTER_ORDER_ONESHOT } from "@vt/shared/constants";
import { describe, expect, it } from "vitest";
import {
  type ChapterFormValues,
  chapterFormDefaults,
  parseOrder,
  toChapterFields,
  toLocalDateTime,
} from "./chapter-form-schema";
import { ZChapterForm } from "./chapter-form-validation";
import { parseChapterId, parseChapterListSearch } from "./chapters-search";

const form = (patch: Partial<ChapterFormValues> = {}): ChapterFormValues => ({
  ...chapterFormDefaults(undefined, 3),
  ...patch,
});
const messages = (values: ChapterFormValues) => {
  const result = ZChapterForm.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("chapter form", () => {
  it("accepts orders >= 0 with decimals (dot or comma) and rejects the rest as 'Chapter order invalid'", () => {
    expect(parseOrder("12")).toBe(12);
    expect(parseOrder("12.5")).toBe(12.5);
    expect(parseOrder("12,5")).toBe(12.5);
    expect(parseOrder("0")).toBe(0);
    for (const bad of ["", "-1", "abc", "1e3", "12."]) expect(parseOrder(bad), bad).toBeNull();
    expect(messages(form({ order: "-2" }))).toEqual({ order: "validation.chapterOrderInvalid" });
  });

  it("turns the oneshot toggle into order -1 whatever the order field holds", () => {
    const v = form({ oneshot: true, order: "" });
    expect(messages(v)).toEqual({});
    expect(toChapterFields(v).order).toBe(CHAPTER_ORDER_ONESHOT);
  });

  it("needs a title to hide the order", () => {
    expect(messages(form({ hideOrder: true, name: "  " }))).toEqual({
      name: "validation.hiddenOrderNeedsTitle",
    });
    expect(messages(form({ hideOrder: true, name: "Ngoại truyện" }))).toEqual({});
  });

  it("refuses a scheduled date that is not later than now", () => {
    const past = toLocalDateTime(Date.now() - 60_000);
    const future = toLocalDateTime(Date.now() + 86_400_000);
    expect(messages(form({ publishAt: past }))).toEqual({ publishAt: "validation.scheduleInFuture" });
    expect(messages(form({ publishAt: future }))).toEqual({});
    expect(toChapterFields(form({ publishAt: "" })).publishAt).toBeNull();
  });

  it("reads the schedule as dd/mm/yyyy hh:mm and names a text that is not one", () => {
    expect(toLocalDateTime(new Date(2027, 0, 15, 20, 0).getTime())).toBe("15/01/2027 20:00");
    expect(toChapterFields(form({ publishAt: "15/01/2099 20:00" })).publishAt).toBe(
      new Date(2099, 0, 15, 20, 0).getTime(),
    );
    expect(messages(form({ publishAt: "01/15/2099, 08:00 PM" }))).toEqual({
      publishAt: "chapters.editor.scheduledAtFormat",
    });
    expect(messages(form({ publishAt: "31/02/2099 10:00" }))).toEqual({
      publishAt: "chapters.editor.scheduledAtFormat",
    });
  });

  it("sends an empty volume as null and team selections as ids", () => {
    const fields = toChapterFields(
      form({ volume: "", collaboratingTeams: [{ id: 7, name: "Nhóm B" }], donateTeamIds: [2] }),
    );
    expect(fields).toMatchObject({
      volume: null,
      collaboratingTeamIds: [7],
      donateTeamIds: [2],
      creditTeamIds: [],
    });
    expect(toChapterFields(form({ volume: "3" })).volume).toBe(3);
  });
});

describe("chapter URL params", () => {
  it("keeps order=desc and drops anything else", () => {
    expect(parseChapterListSearch({ order: "desc" })).toEqual({ order: "desc" });
    expect(parseChapterListSearch({ order: "asc" })).toEqual({});
    expect(parseChapterListSearch({ order: "x" })).toEqual({});
  });

  it("parses chapter ids; 'new' and junk are null", () => {
    expect(parseChapterId("42")).toBe(42);
    expect(parseChapterId("new")).toBeNull();
    expect(parseChapterId("0")).toBeNull();
    expect(parseChapterId("1.5")).toBeNull();
  });
});
