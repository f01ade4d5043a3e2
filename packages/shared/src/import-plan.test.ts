import { describe, expect, it } from "vitest";
import { CHAPTER_ORDER_ONESHOT } from "./constants";
import type { TChapterDetail } from "./contracts/chapters";
import {
  canStartImport,
  chapterEditorFields,
  existingRefs,
  findResumeDraft,
  type ImportPlanRow,
  parseOrderInput,
  parseVolumeInput,
  planRows,
  publishDates,
  storedPageOrder,
} from "./import-plan";

const row = (key: string, order: number | null, pageCount = 3, skip = false): ImportPlanRow => ({
  key,
  sourceName: key,
  order,
  volume: null,
  title: "",
  pageCount,
  skip,
});

function detail(id: number, publishAt: number | null = null): TChapterDetail {
  return {
    id,
    comicId: 1,
    order: id,
    name: "",
    volume: null,
    publishedAt: null,
    lastUpdated: 0,
    version: 1,
    team: { id: 1, name: "T" },
    hideOrder: false,
    hideDefaultOrder: false,
    hidden: false,
    status: "draft",
    state: "draft",
    publishAt,
    donateTeamIds: [],
    creditTeamIds: [],
    hideDonate: false,
    hideCredit: false,
    collaboratingTeams: [{ id: 7, name: "C" }],
    scrambled: false,
    config: {},
    pageCount: 0,
    createdAt: 0,
    pages: [],
  } as TChapterDetail;
}

describe("import plan: preview rows", () => {
  it("flags duplicate orders, existing published chapters and drafts to resume", () => {
    const rows = planRows(
      [row("a", 1), row("b", 1), row("c", 2), row("d", 3), row("e", null), row("f", 4, 0)],
      existingRefs([
        { order: 2, status: "published" },
        { order: 3, status: "draft" },
      ]),
    );
    expect(rows.map((r) => r.warnings)).toEqual([
      ["duplicateOrder"],
      ["duplicateOrder"],
      ["existingChapter"],
      ["resumeDraft"],
      ["noOrder"],
      ["noPages"],
    ]);
    expect(rows.map((r) => r.blocked)).toEqual([true, true, true, false, true, true]);
    expect(canStartImport(rows)).toBe(false);
  });

  it("starts once every kept row is clear; skipped rows count for nothing", () => {
    const rows = planRows([row("a", 1), row("b", 1, 3, true), row("c", 3)], existingRefs([]));
    expect(rows[1]!.warnings).toEqual([]);
    expect(canStartImport(rows)).toBe(true);
    expect(canStartImport(planRows([row("a", 1, 3, true)], []))).toBe(false);
  });

  it("reads typed orders and volumes", () => {
    expect(parseOrderInput("12.5")).toBe(12.5);
    expect(parseOrderInput(" 007 ")).toBe(7);
    expect(parseOrderInput("Oneshot")).toBe(CHAPTER_ORDER_ONESHOT);
    expect(parseOrderInput("one-shot")).toBe(CHAPTER_ORDER_ONESHOT);
    expect(parseOrderInput("-1")).toBe(CHAPTER_ORDER_ONESHOT);
    expect(parseOrderInput("abc")).toBeNull();
    expect(parseOrderInput("-3")).toBeNull();
    expect(parseOrderInput("")).toBeNull();
    expect(parseVolumeInput("")).toBeNull();
    expect(parseVolumeInput("3")).toBe(3);
    expect(parseVolumeInput("x")).toBe("invalid");
  });
});

describe("import plan: resuming", () => {
  it("resumes only a draft with the same order", () => {
    const chapters = [
      { id: 1, order: 5, status: "published" as const },
      { id: 2, order: 6, status: "draft" as const },
    ];
    expect(findResumeDraft(chapters, 5)).toBeUndefined();
    expect(findResumeDraft(chapters, 6)?.id).toBe(2);
  });

  it("keeps stored pages in source order and lists the missing ones", () => {
    const { ids, missing } = storedPageOrder(
      ["a|1|x", "b|1|y", "c|1|z"],
      [
        { id: 30, clientId: "c|1|z" },
        { id: 10, clientId: "a|1|x" },
        { id: 99, clientId: null },
      ],
    );
    expect(ids).toEqual([10, undefined, 30]);
    expect(missing).toEqual([1]);
  });
});

describe("import plan: publishing", () => {
  const now = Date.UTC(2026, 0, 1);
  it("keeps drafts, publishes at once, or keeps a chapter's own future date", () => {
    const chapters = [detail(1), detail(2, now + 3_600_000), detail(3, now - 1000)];
    expect(publishDates(chapters, { kind: "draft" }, now)).toBeNull();
    expect(publishDates(chapters, { kind: "publish" }, now)).toEqual([null, now + 3_600_000, null]);
  });

  it("schedules an interval apart, the first now", () => {
    const chapters = [detail(1), detail(2), detail(3)];
    expect(publishDates(chapters, { kind: "interval", hours: 24 }, now)).toEqual([
      null,
      now + 86_400_000,
      now + 2 * 86_400_000,
    ]);
  });

  it("sends the editor fields back unchanged, with team ids for collaborators", () => {
    const fields = chapterEditorFields(detail(4, now - 5), now);
    expect(fields.publishAt).toBeNull();
    expect(fields.collaboratingTeamIds).toEqual([7]);
    expect(fields.order).toBe(4);
  });
});
