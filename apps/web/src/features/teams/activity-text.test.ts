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

  it("falls back to a neutral sentence for entities it does not know, and 'someone' without an actor", () => {
    const unknown = entry({ actor: null, entity: "comic", action: "publish" });
    expect(describeActivity(unknown, english)).toBe("Someone changed comic (publish)");
  });
});
