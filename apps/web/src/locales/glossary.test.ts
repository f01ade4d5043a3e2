import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TRASH_DAYS } from "@vt/shared/contracts/trash";
import { describe, expect, it } from "vitest";
import { en, leaves, vi } from "@/test/catalogues";

/**
 * docs/glossary.md, "One term per concept": each row names the term a concept takes in each
 * language and the variants it must never take. Both web catalogues (the shared server catalogue is
 * merged into them) are held to the table as it is written, so the glossary and the texts cannot
 * drift apart.
 */
type Row = { concept: string; vi: string; viNever: string[]; en: string; enNever: string[] };

const glossary = readFileSync(join(__dirname, "../../../../docs/glossary.md"), "utf8");

function termRows(markdown: string): Row[] {
  const section = markdown.split(/^## One term per concept$/m)[1]?.split(/^## /m)[0] ?? "";
  const variants = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  return section
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*(Concept|---)/.test(line))
    .map((line) => {
      const [concept, viTerm, viNever, enTerm, enNever] = line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      return {
        concept: concept!,
        vi: viTerm!,
        viNever: variants(viNever!),
        en: enTerm!,
        enNever: variants(enNever!),
      };
    });
}

/** Whole words (any case): "bin" is not in "combine", "đội" is not in "độin". */
const wordPattern = (phrase: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "iu");

/** Catalogue texts without their placeholders ("{{team}}" is not a word of the sentence). */
const textsOf = (tree: object) =>
  [...leaves(tree)].map(([key, text]) => [key, text.replace(/\{\{[^}]*\}\}/g, "")] as const);

describe("docs/glossary.md: one term per concept, in both catalogues", () => {
  const rows = termRows(glossary);
  const catalogues = [
    { lang: "vi", texts: textsOf(vi), term: (row: Row) => row.vi, never: (row: Row) => row.viNever },
    { lang: "en", texts: textsOf(en), term: (row: Row) => row.en, never: (row: Row) => row.enNever },
  ];

  it("reads the table (site name, email, all teams, team, trash, merge, request, publish, revoke)", () => {
    expect(rows.map((row) => row.vi)).toEqual(
      expect.arrayContaining([
        "trang đọc",
        "email",
        "Mọi nhóm",
        "nhóm",
        "thùng rác",
        "Gộp truyện",
        "Yêu cầu",
        "đăng",
      ]),
    );
    for (const row of rows) {
      expect(row.viNever.length + row.enNever.length, row.concept).toBeGreaterThan(0);
    }
  });

  it.each(catalogues)("$lang: no banned variant appears", ({ texts, never }) => {
    const found = rows.flatMap((row) =>
      never(row).flatMap((variant) =>
        texts.filter(([, text]) => wordPattern(variant).test(text)).map(([key]) => `${variant} in ${key}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it.each(catalogues)("$lang: every chosen term is in use", ({ texts, term }) => {
    const unused = rows
      .map(term)
      .filter((chosen) => !texts.some(([, text]) => wordPattern(chosen).test(text)));
    expect(unused).toEqual([]);
  });

  it("the words test fails on a banned variant (the matcher itself)", () => {
    expect(wordPattern("e-mail").test("Xác nhận E-mail của bạn")).toBe(true);
    expect(wordPattern("bin").test("combine the pages")).toBe(false);
    expect(wordPattern("trang công khai").test("Xem trên trang công khai")).toBe(true);
  });
});

describe("delete confirmations say where things go", () => {
  const keys = [
    "chapters.delete.description",
    "comics.admin.confirmDeleteDescription",
    "teams.info.deleteDescription",
  ];

  it.each(keys)("%s: the trash, for TRASH_DAYS days, in both languages, never 'cannot be undone'", (key) => {
    const viText = leaves(vi).get(key)!;
    const enText = leaves(en).get(key)!;
    expect(viText).toContain("thùng rác");
    expect(enText).toContain("trash");
    for (const text of [viText, enText]) {
      expect(text).toContain("{{days}}");
      expect(text).not.toMatch(/hoàn tác|undone/i);
    }
    expect(TRASH_DAYS).toBe(30);
  });

  it("revoking an invitation says so, not 'deleted'", () => {
    expect(leaves(vi).get("teams.invite.revoked")).toBe("Đã thu hồi lời mời gửi {{email}}");
    expect(leaves(en).get("teams.invite.revoked")).toBe("Invitation to {{email}} revoked");
  });
});
