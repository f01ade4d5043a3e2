import { describe, expect, it } from "vitest";
import { chaptersMessages } from "./chapters-messages";
import { comicsMessages } from "./comics-messages";
import { inputMessages } from "./input-messages";
import { type FeatureCatalogue, hasMessage, messages, registerMessages, translate } from "./messages";
import { reviewMessages } from "./review-messages";
import { teamsMessages } from "./teams-messages";
import { verificationMessages } from "./verification-messages";

const features: Record<string, FeatureCatalogue> = {
  teams: teamsMessages,
  comics: comicsMessages,
  chapters: chaptersMessages,
  review: reviewMessages,
  input: inputMessages,
  verification: verificationMessages,
};

function leafKeys(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    leafKeys(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe("feature catalogues", () => {
  for (const [name, catalogue] of Object.entries(features)) {
    it(`${name}: vi and en have the same keys`, () => {
      expect(leafKeys(catalogue.en).sort()).toEqual(leafKeys(catalogue.vi).sort());
    });

    it(`${name}: no key shadows the base catalogue with another text`, () => {
      for (const lang of ["vi", "en"] as const) {
        const base = new Set(leafKeys(messages[lang]));
        const shadowed = leafKeys(catalogue[lang]).filter((k) => base.has(k));
        expect(shadowed).toEqual([]);
      }
    });
  }

  it("translate() finds registered feature keys in both languages", () => {
    expect(hasMessage("teams.alreadyMember")).toBe(false);
    registerMessages(teamsMessages, comicsMessages, chaptersMessages);
    expect(translate("vi", "teams.alreadyMember")).toBe(teamsMessages.vi.teams.alreadyMember);
    expect(translate("en", "teams.alreadyMember")).toBe(teamsMessages.en.teams.alreadyMember);
    expect(translate("en", "validation.imageTooManyPixels", { max: 50 })).toContain("50");
    // Base keys keep priority and unknown keys still fall back to themselves.
    expect(translate("en", "validation.required", { field: "Title" })).toBe("Title is required");
    expect(translate("en", "no.such.key")).toBe("no.such.key");
  });
});
