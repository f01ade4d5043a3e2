/**
 * Wording rules of docs/glossary.md that a test can hold: server messages never show a
 * raw English property name, never double a team name with "Nhóm", and never pass a library's or
 * zod's own text to the user.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LANGUAGES } from "../constants";
import * as admin from "../contracts/admin";
import * as chapters from "../contracts/chapters";
import * as comics from "../contracts/comics";
import * as images from "../contracts/images";
import * as people from "../contracts/people";
import * as teams from "../contracts/teams";
import * as tokens from "../contracts/tokens";
import * as trash from "../contracts/trash";
import * as users from "../contracts/users";
import { chaptersMessages } from "./chapters-messages";
import { comicsMessages } from "./comics-messages";
import { inputMessages } from "./input-messages";
import {
  fieldLabel,
  hasMessage,
  type IssueLike,
  messages,
  registerMessages,
  translate,
  zodIssuesToMessages,
  zodIssueToSentence,
} from "./messages";
import { reviewMessages } from "./review-messages";
import { teamsMessages } from "./teams-messages";
import { tokensMessages } from "./tokens-messages";

const features = [
  teamsMessages,
  comicsMessages,
  chaptersMessages,
  reviewMessages,
  inputMessages,
  tokensMessages,
];
registerMessages(...features);

type Def = { type?: string; shape?: Record<string, unknown>; [k: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | null)?._zod?.def;

/** Every property name of every object schema reachable from `schema`. */
function propertyNames(schema: unknown, out: Set<string>, seen = new Set<unknown>()): void {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  if (def.type === "object" && def.shape) {
    for (const [name, child] of Object.entries(def.shape)) {
      out.add(name);
      propertyNames(child, out, seen);
    }
  }
  for (const key of ["innerType", "in", "out", "element", "valueType", "schema", "left", "right"]) {
    if (def[key]) propertyNames(def[key], out, seen);
  }
  if (Array.isArray(def.options)) for (const option of def.options) propertyNames(option, out, seen);
  if (Array.isArray(def.items)) for (const item of def.items) propertyNames(item, out, seen);
}

/** Input schemas: the ones the API validates requests with (responses never produce messages). */
const INPUT_SCHEMA = /(Request|Query|Params|Body|Fields|Form|Input|Patch|Upload)$/;

function contractProperties(): string[] {
  const out = new Set<string>();
  for (const module of [admin, chapters, comics, images, people, teams, tokens, trash, users]) {
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType && INPUT_SCHEMA.test(name)) propertyNames(value, out);
    }
  }
  return [...out].sort();
}

/** Every string leaf of a catalogue, with its dotted key. */
function leaves(node: unknown, prefix = ""): [string, string][] {
  if (typeof node === "string") return [[prefix, node]];
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const serverCatalogues = LANGUAGES.map((lang) => ({
  lang,
  entries: [messages[lang], ...features.map((f) => f[lang])].flatMap((c) => leaves(c)),
}));

describe("server wording (docs/glossary.md)", () => {
  it("has a translated name in both languages for every property of every contract", () => {
    const properties = contractProperties();
    expect(properties.length).toBeGreaterThan(50);
    const missing = properties.filter((name) =>
      LANGUAGES.some((lang) => !hasMessage(`fields.${name}`, lang)),
    );
    expect(missing).toEqual([]);
  });

  it("never interpolates a raw property name: an unknown one reads 'This field'", () => {
    expect(fieldLabel(["someEnglishName"], "vi")).toBe("Trường này");
    expect(fieldLabel(["pages", 3, "someEnglishName"], "en")).toBe("Pages");
    expect(fieldLabel(["targetComicId"], "vi")).toBe("Truyện đích");
    expect(fieldLabel([], "vi", "body")).toBe("Nội dung gửi lên");
    for (const { lang, entries } of serverCatalogues) {
      const rendered = entries.map(([, text]) =>
        translate(lang, text, { field: fieldLabel(["hideDonate"], lang), keys: fieldLabel(["x"], lang) }),
      );
      expect(rendered.filter((text) => /\b(hideDonate|targetComicId|[a-z]+Ids?)\b/.test(text))).toEqual([]);
    }
  });

  it("keeps English words out of Vietnamese server texts where the glossary has a Vietnamese term", () => {
    const vi = serverCatalogues.find((c) => c.lang === "vi")!.entries;
    const words = /\b(donate|credit|uploader|scramble|request|chapter)\b/i;
    const offenders = vi.filter(([, text]) => words.test(text.replace(/\{\{[^}]*\}\}/g, "")));
    expect(offenders).toEqual([]);
  });

  it("never puts 'nhóm'/'team' before an interpolated team name (no 'nhóm Nhóm Hoa Mai')", () => {
    for (const { lang, entries } of serverCatalogues) {
      for (const [key] of entries) {
        const rendered = translate(lang, key, {
          team: "Nhóm Hoa Mai",
          name: "Nhóm Hoa Mai",
          chapter: "Chương 3",
        });
        expect(rendered, key).not.toMatch(/(nhóm|team)\s+["“]?Nhóm Hoa Mai/iu);
        expect(rendered, key).not.toMatch(/(chương|chapter)\s+["“]?Chương 3/iu);
      }
    }
  });

  it("owner is 'Trưởng nhóm' everywhere on the server, never 'Chủ nhóm'", () => {
    const vi = serverCatalogues.find((c) => c.lang === "vi")!.entries;
    expect(vi.filter(([, text]) => /chủ nhóm/i.test(text))).toEqual([]);
    expect(translate("vi", "teams.roles.owner")).toBe("Trưởng nhóm");
    expect(translate("vi", "teams.roles.uploader")).toBe("Người đăng truyện");
  });

  it("never shows an id marker ('#12') to users", () => {
    for (const { entries } of serverCatalogues) {
      expect(entries.filter(([, text]) => /#\{\{/.test(text))).toEqual([]);
    }
  });
});

describe("zod issues reach users only as catalogue sentences", () => {
  const schema = z.strictObject({
    title: z.string(),
    order: z.number().min(2),
    genres: z.array(z.string()).max(1),
    website: z.url(),
    email: z.email(),
    name: z.string().min(1),
  });
  const issues = (value: unknown) => schema.safeParse(value).error!.issues as unknown as IssueLike[];
  const zodWords = /expected|received|mong đợi|nhận được|Invalid input|Đầu vào/i;

  it("maps zod's default texts by issue code, in both languages", () => {
    const bad = issues({ order: 1, genres: ["a", "b"], website: "nope", email: "x", name: "", extra: 1 });
    const vi = zodIssuesToMessages(bad, "vi");
    expect(vi).toEqual([
      "Tiêu đề là bắt buộc",
      "Số thứ tự: Giá trị phải lớn hơn hoặc bằng 2",
      "Thể loại: Tối đa 1 mục",
      "Website: Liên kết không hợp lệ",
      "Email không hợp lệ",
      "Tên là bắt buộc",
      "Có trường không được hỗ trợ: Trường này",
    ]);
    for (const lang of LANGUAGES) {
      for (const text of zodIssuesToMessages(bad, lang)) expect(text).not.toMatch(zodWords);
    }
  });

  it("names the request part of a body that is not an object, without zod's words", () => {
    const body = z.object({ title: z.string() }).safeParse(null).error!.issues as unknown as IssueLike[];
    expect(zodIssuesToMessages(body, "vi", "body")).toEqual(["Nội dung gửi lên: Giá trị không hợp lệ"]);
    expect(zodIssuesToMessages(body, "en", "body")).toEqual(["Request body: Invalid value"]);
  });

  it("never passes a non-catalogue message through (a library's English text)", () => {
    const issue: IssueLike = { code: "custom", message: "toBlob failed", path: ["file"] };
    expect(zodIssueToSentence(issue, "vi")).toBe("Tệp: Giá trị không hợp lệ");
  });

  it("keeps self-contained sentences without a field prefix (the merge refusal)", () => {
    const issue: IssueLike = { code: "custom", message: "validation.mergeSelf", path: ["targetComicId"] };
    expect(zodIssueToSentence(issue, "vi")).toBe("Không thể gộp truyện vào chính nó");
    expect(zodIssueToSentence(issue, "en")).not.toContain("targetComicId");
  });
});
