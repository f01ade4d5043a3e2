import { AUDIT_ACTIONS, type AuditEntity } from "@vt/shared/audit-actions";
import { describe, expect, it } from "vitest";
import { reviewEn } from "@/locales/en/review";
import { reviewVi } from "@/locales/vi/review";

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
});
