import { DEFAULT_LANG } from "@vt/shared/constants";
import type { TAuditEntry } from "@vt/shared/contracts/admin";
import { beforeAll, describe, expect, it } from "vitest";
import { addTexts, i18n } from "@/lib/i18n";
import { en } from "@/locales/resources-en";
import { comicsVi } from "@/locales/vi/comics";
import { reviewVi } from "@/locales/vi/review";
import { auditChanges, auditSummary, type Translate } from "./audit-changes";

beforeAll(() => {
  addTexts(DEFAULT_LANG, comicsVi);
  addTexts(DEFAULT_LANG, reviewVi);
  i18n.addResourceBundle("en", "translation", en, true, true);
});

const line = (c: { label: string; before: string; after: string }) => `${c.label}: ${c.before} → ${c.after}`;
const vi = () => i18n.getFixedT("vi") as unknown as Translate;
const english = () => i18n.getFixedT("en") as unknown as Translate;

describe("auditChanges (History in words)", () => {
  it("leaves out fields empty on both sides, as a new chapter's volume and schedule", () => {
    const after = {
      title: "Lời hứa",
      volume: null,
      publishAt: null,
      collaboratingTeamIds: [],
      hidden: false,
    };
    expect(auditChanges(null, after, vi(), "vi").map(line)).toEqual([
      "Tiêu đề: — → Lời hứa",
      "Ẩn chương: — → Không",
    ]);
    // A field emptied is still a change.
    expect(auditChanges({ volume: 2 }, { volume: null }, vi(), "vi").map(line)).toEqual(["Tập: 2 → —"]);
  });

  it("words a chapter update: yes/no, lists by count, statuses by name, technical fields left out", () => {
    const before = {
      hidden: false,
      creditTeamIds: [],
      collaboratingTeamIds: [3],
      status: "draft",
      config: { a: 1 },
    };
    const after = {
      hidden: true,
      creditTeamIds: [4, 5],
      collaboratingTeamIds: [],
      status: "published",
      config: { a: 2 },
    };
    expect(auditChanges(before, after, vi(), "vi").map(line)).toEqual([
      "Ẩn chương: Không → Có",
      "Nhóm hiện ở mục ghi công: Mọi nhóm → 2 nhóm",
      "Nhóm cùng làm chương: 1 nhóm → —",
      "Trạng thái: Bản nháp → Đã đăng",
    ]);
    expect(auditChanges(before, after, english(), "en").map(line)).toEqual([
      "Hidden chapter: No → Yes",
      "Teams shown for credit: All teams → 2 teams",
      "Collaborating teams: 1 team → —",
      "Status: Draft → Published",
    ]);
  });

  it("words a request and a comic: kinds, request and comic statuses by name, never a raw code or JSON", () => {
    const request = auditChanges(
      null,
      { type: "permission", comicId: 4, targetComicId: null, personId: null, reason: "Nhóm dịch tiếp" },
      vi(),
      "vi",
    );
    expect(request.map(line)).toEqual(["Loại yêu cầu: — → Cấp quyền đăng", "Lý do: — → Nhóm dịch tiếp"]);
    const settled = auditChanges({ status: "pending" }, { status: "superseded" }, english(), "en");
    expect(settled.map(line)).toEqual(["Status: Pending → Superseded"]);
    const comic = auditChanges(
      { status: "ongoing", genres: ["a"] },
      { status: "completed", genres: ["a", "b"] },
      vi(),
      "vi",
    );
    expect(comic.map(line)).toEqual([
      "Trạng thái: Đang tiến hành → Đã hoàn thành",
      "Thể loại: 1 thể loại → 2 thể loại",
    ]);
    const all = [...request, ...settled, ...comic].map(line).join("\n");
    expect(all).not.toMatch(/[{}[\]"]|_|permission|ongoing/);
  });
});

describe("auditSummary (History as a short story with names)", () => {
  const entry = (
    entity: string,
    action: string,
    subject: Partial<TAuditEntry["subject"]>,
    after: Record<string, unknown> | null = null,
  ): TAuditEntry => ({
    id: 1,
    actor: { id: 1, name: "Mai" },
    teamId: 1,
    entity,
    entityId: 9,
    action,
    before: null,
    after,
    createdAt: "2026-11-28T10:00:00.000Z",
    subject: { title: null, chapter: null, request: null, ...subject },
  });
  const chapter = { chapter: { name: "Kéo thả", order: 3, hideOrder: false } };
  const journey = [
    entry("request", "approve", { title: "Mưa Hạ", request: { type: "merge", teamName: "Nhóm Mây" } }),
    entry("comic", "merge_from", { title: "Hoa Nở" }, { comicTitle: "Mưa Hạ", viewCount: 0, saveCount: 0 }),
    entry("comic", "grant_upload", { title: "Hoa Nở" }, { teamId: 2, teamName: "Nhóm Gió" }),
    entry("request", "create", { title: "Hoa Nở", request: { type: "permission", teamName: "Nhóm Gió" } }),
    entry("chapter", "publish", chapter, { pageCount: 3 }),
    entry("chapter", "upload_pages", chapter, { pages: [{ id: 1 }, { id: 2 }, { id: 3 }] }),
  ];

  it("names each record and the other team or comic, never by id, in Vietnamese and English", () => {
    expect(journey.map((e) => auditSummary(e, vi()))).toEqual([
      "Yêu cầu gộp truyện của Nhóm Mây · duyệt",
      "“Hoa Nở” · nhận nội dung gộp từ “Mưa Hạ”",
      "“Hoa Nở” · cấp quyền đăng cho Nhóm Gió",
      "Yêu cầu cấp quyền đăng của Nhóm Gió · tạo mới",
      "Chương 3 - Kéo thả · đăng",
      "Chương 3 - Kéo thả · tải lên 3 trang",
    ]);
    expect(journey.map((e) => auditSummary(e, english()))).toEqual([
      "Request of Nhóm Mây (merge comic) · approved",
      "“Hoa Nở” · received a merge from “Mưa Hạ”",
      "“Hoa Nở” · upload granted to Nhóm Gió",
      "Request of Nhóm Gió (upload permission) · created",
      "Chapter 3 - Kéo thả · published",
      "Chapter 3 - Kéo thả · uploaded 3 pages",
    ]);
    expect(journey.map((e) => auditSummary(e, vi())).join("\n")).not.toMatch(/#\d/);
  });

  it("leaves out counts that are not the user's (views, saves)", () => {
    expect(auditChanges(null, { viewCount: 10, saveCount: 2 }, vi(), "vi")).toEqual([]);
  });
});
