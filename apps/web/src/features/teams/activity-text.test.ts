import { AUDIT_ACTIONS, type AuditEntity } from "@vt/shared/audit-actions";
import { DEFAULT_LANG } from "@vt/shared/constants";
import type { TActivityEntry } from "@vt/shared/contracts/teams";
import { beforeAll, describe, expect, it } from "vitest";
import { addTexts, i18n } from "@/lib/i18n";
import { en } from "@/locales/resources-en";
import { signedInVi } from "@/locales/resources-vi-signed-in";
import { teams } from "@/locales/vi/teams";
import { describeActivity } from "./activity-text";

const entry = (partial: Partial<TActivityEntry>): TActivityEntry => ({
  id: 1,
  actor: { id: 7, name: "Mai", avatar: null },
  entity: "team",
  entityId: 1,
  action: "create",
  before: null,
  after: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  ...partial,
});

beforeAll(() => {
  addTexts(DEFAULT_LANG, { ...signedInVi, teams });
  i18n.addResourceBundle("en", "translation", en, true, true);
});

describe("describeActivity", () => {
  const vi = i18n.getFixedT("vi");
  const english = i18n.getFixedT("en");

  it("says who invited whom with which role, in both languages", () => {
    const invite = entry({
      entity: "invitation",
      action: "invite",
      after: { email: "lan@vi-du.vn", role: "manager" },
    });
    expect(describeActivity(invite, vi)).toBe("Mai đã mời lan@vi-du.vn làm quản lý");
    expect(describeActivity(invite, english)).toBe("Mai invited lan@vi-du.vn as manager");
  });

  it("names the member whose role changed and the new role", () => {
    const change = entry({
      entity: "member",
      action: "change_role",
      before: { userId: 3, name: "Lan", role: "uploader" },
      after: { userId: 3, name: "Lan", role: "manager" },
    });
    expect(describeActivity(change, vi)).toBe("Mai đã đổi vai trò của Lan thành quản lý");
  });

  it("names the new owner of a transfer", () => {
    const transfer = entry({
      action: "transfer",
      after: { ownerId: 3, ownerName: "Lan", previousOwnerRole: "manager" },
    });
    expect(describeActivity(transfer, english)).toBe("Mai made Lan the owner");
  });

  it("lists the fields an update changed", () => {
    const update = entry({
      action: "update",
      before: { name: "A", website: "" },
      after: { name: "B", website: "b.vn" },
    });
    expect(describeActivity(update, vi)).toBe("Mai đã cập nhật thông tin nhóm: Tên, Website");
  });

  it("lists a chapter's and a comic's changed fields in Vietnamese as in English (the /teams texts carry them)", async () => {
    await import("./texts");
    const update = entry({
      entity: "chapter",
      action: "update",
      before: { hidden: false, publishAt: null },
      after: { hidden: true, publishAt: 1 },
    });
    expect(describeActivity(update, vi)).toMatch(/: Ẩn chương, Thời gian hẹn đăng$/);
    expect(describeActivity(update, english)).toMatch(/: Hidden, Scheduled publish date$/);
    const comic = entry({
      entity: "comic",
      action: "update",
      before: { isMature: false },
      after: { isMature: true },
    });
    expect(describeActivity(comic, vi)).toMatch(/: Nội dung 18\+$/);
  });

  it("falls back to a neutral sentence for entities it does not know, and 'someone' without an actor", () => {
    const unknown = entry({ actor: null, entity: "comic", action: "publish" });
    expect(describeActivity(unknown, english)).toBe("Someone changed comic (publish)");
  });

  it("names the chapter and the comic ('đã sắp xếp lại trang của Chương 3')", () => {
    const subject = { comicTitle: "Hoa Mai", chapter: { name: "", order: 3, hideOrder: false } };
    const reorder = entry({ entity: "chapter", action: "reorder_pages", subject });
    expect(describeActivity(reorder, vi)).toBe("Mai đã sắp xếp lại trang của Chương 3");
    expect(describeActivity(reorder, english)).toBe("Mai reordered the pages of Chapter 3");
    const volume = entry({
      entity: "comic",
      action: "chapters_quick_update_volume",
      after: { volume: 5, fromChapterOrder: 1, toChapterOrder: 7 },
      subject: { comicTitle: "Hoa Mai", chapter: null },
    });
    expect(describeActivity(volume, vi)).toBe("Mai đã chuyển các chương 1–7 của “Hoa Mai” sang tập 5");
  });

  it("every audit action the API writes has a sentence in vi and en, with no raw code", () => {
    const missing: string[] = [];
    for (const entity of Object.keys(AUDIT_ACTIONS) as AuditEntity[]) {
      for (const action of AUDIT_ACTIONS[entity]) {
        for (const [lang, t] of [
          ["vi", vi],
          ["en", english],
        ] as const) {
          const sentence = describeActivity(
            entry({
              entity,
              action,
              subject: { comicTitle: "Hoa Mai", chapter: { name: "", order: 3, hideOrder: false } },
            }),
            t,
          );
          // The fallback reads "… changed comic (publish)"; raw codes look like reorder_pages.
          if (sentence.includes(`(${action})`) || /[a-z]+_[a-z]+/.test(sentence) || sentence.includes("{{")) {
            missing.push(`${lang} ${entity}.${action}: ${sentence}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
