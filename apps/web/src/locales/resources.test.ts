import { describe, expect, it } from "vitest";
import { en, leaves, vi } from "@/test/catalogues";
import { mergeMessages } from "./merge-messages";

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  const viLeaves = leaves(vi);
  const enLeaves = leaves(en);

  it("English has exactly the Vietnamese keys, shared catalogue included", () => {
    expect([...enLeaves.keys()].sort()).toEqual([...viLeaves.keys()].sort());
    expect(viLeaves.has("validation.required")).toBe(true);
    expect(viLeaves.has("errors.notFound.title")).toBe(true);
  });

  it("no text is empty and both languages use the same placeholders", () => {
    for (const [key, text] of viLeaves) {
      expect(text.trim(), key).not.toBe("");
      expect(placeholders(enLeaves.get(key) ?? ""), key).toEqual(placeholders(text));
    }
  });

  it("follows docs/glossary.md: one word per thing in Vietnamese", () => {
    const texts = [...viLeaves.entries()];
    const strip = (text: string) => text.replace(/\{\{[^}]*\}\}/g, "");
    expect(texts.filter(([, text]) => /tình trạng|chủ nhóm|mời .*rời nhóm/i.test(text))).toEqual([]);
    expect(
      texts.filter(([, text]) => /\b(donate|credit|uploader|scramble|request)\b/i.test(strip(text))),
    ).toEqual([]);
    expect(vi.teams.roles.owner).toBe("Trưởng nhóm");
    expect(vi.teams.roles.uploader).toBe("Người đăng truyện");
    expect(vi.chapters.badge.published).toBe("Đã đăng");
  });

  it("never puts 'nhóm'/'team' before a team name, nor shows an id marker, in either language", () => {
    for (const leavesOf of [viLeaves, enLeaves]) {
      for (const [key, text] of leavesOf) {
        expect(text, key).not.toMatch(/(nhóm|team)\s+["“]?\{\{\s*(team|teamName)\s*\}\}/iu);
        expect(text, key).not.toMatch(/#\{\{/);
      }
    }
  });

  it("shows the 404 texts (docs/dashboard.md)", () => {
    expect(vi.errors.notFound.code).toBe("404");
    expect(en.errors.notFound.title).toBe("Page not found");
    expect(vi.errors.notFound.title).toBe("Không tìm thấy trang");
  });

  it("mergeMessages keeps both trees' sections and nested keys", () => {
    expect(mergeMessages({ a: { x: "1" }, b: "2" }, { a: { y: "3" }, c: "4" })).toEqual({
      a: { x: "1", y: "3" },
      b: "2",
      c: "4",
    });
  });
});
