import { AUDIT_ACTIONS, type AuditEntity } from "@vt/shared/audit-actions";
import { describe, expect, it } from "vitest";
import { reviewEn } from "@/locales/en/review";
import { reviewVi } from "@/locales/vi/review";
import { changesOf } from "./admin-lists";

describe("history and audit rows in words", () => {
  it("every audited entity and action has its words in vi and en (never the raw 'reorder_pages')", () => {
    for (const history of [reviewVi.review.history, reviewEn.review.history]) {
      const entities = history.entity as Record<string, string>;
      const actions = history.action as Record<string, string>;
      for (const entity of Object.keys(AUDIT_ACTIONS) as AuditEntity[]) {
        expect(entities[entity], entity).toBeTruthy();
        for (const action of AUDIT_ACTIONS[entity])
          expect(actions[action], `${entity}.${action}`).toBeTruthy();
      }
    }
  });

  it("uses the catalogue's words for switches and statuses when it is given them", () => {
    const words = (key: string, value: unknown) =>
      typeof value === "boolean"
        ? value
          ? "Bật"
          : "Tắt"
        : key === "status"
          ? `<${String(value)}>`
          : undefined;
    expect(
      changesOf({ hidden: false, status: "draft" }, { hidden: true, status: "published" }, "vi", words),
    ).toEqual([
      { key: "hidden", before: "Tắt", after: "Bật" },
      { key: "status", before: "<draft>", after: "<published>" },
    ]);
  });

  it("shows an empty list or object as nothing, like a missing value", () => {
    expect(changesOf({ creditTeamIds: [] }, { creditTeamIds: [3], config: {} })).toEqual([
      { key: "creditTeamIds", before: "—", after: "[3]" },
      { key: "config", before: "—", after: "—" },
    ]);
  });

  it("shows a date field as a date, not a timestamp", () => {
    const at = Date.UTC(2026, 10, 25, 3, 52);
    const [change] = changesOf(null, { publishedAt: at }, "vi");
    expect(change).toMatchObject({ key: "publishedAt", before: "—" });
    expect(change!.after).not.toContain(String(at));
    expect(change!.after).toMatch(/25\/11\/2026/);
  });
});
