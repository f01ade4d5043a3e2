import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ERROR_CODES } from "../errors";
import {
  hasMessage,
  interpolate,
  messages,
  resolveLang,
  translate,
  zodIssuesToFieldMessages,
  zodIssuesToMessages,
} from "./messages";

function leafKeys(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    leafKeys(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe("catalogue", () => {
  const viKeys = leafKeys(messages.vi).sort();
  const enKeys = leafKeys(messages.en).sort();

  it("has exactly the same keys in vi and en", () => {
    expect(enKeys).toEqual(viKeys);
  });

  it("has no empty message and the same placeholders in both languages", () => {
    for (const key of viKeys) {
      const v = translate("vi", key);
      const e = translate("en", key);
      expect(v.trim(), key).not.toBe("");
      expect(e.trim(), key).not.toBe("");
      const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
      expect(placeholders(e), key).toEqual(placeholders(v));
    }
  });

  it("covers every server error code and every required namespace key", () => {
    for (const code of ERROR_CODES) expect(hasMessage(`errors.${code}`), code).toBe(true);
    const required = [
      ...[
        "passwordsDoNotMatch",
        "termsRequired",
        "required",
        "requiredFieldsMissing",
        "emailInvalid",
        "linkInvalid",
        "coverRequired",
        "coverRatio",
        "scheduleInFuture",
        "notAnImage",
        "fileTooLarge",
        "fileTypeInvalid",
        "tooManyFiles",
        "teamRequired",
        "comicRequired",
        "reasonRequired",
        "mergeSelf",
        "hiddenOrderNeedsTitle",
        "chapterOrderInvalid",
        "pagesRequired",
        "tooShort",
        "tooLong",
        "invalid",
      ].map((k) => `validation.${k}`),
      ...["generic", "updateFailed", "uploadFailed", "userNotFound", "chapterNoPages", "unknown"].map(
        (k) => `errors.${k}`,
      ),
      ...[
        "canvasContext",
        "failedToCreateImage",
        "invalidKeyCode",
        "checksumMismatch",
        "invalidBase58Character",
        "contextUnavailable",
        "invalidScrambledHeight",
        "blobCreation",
        "toBlobFailed",
      ].map((k) => `errors.image.${k}`),
      ...[
        "cannotConnect",
        "timeout",
        "server",
        "unauthorized",
        "forbidden",
        "notFound",
        "rejected",
        "cancelled",
        "unknown",
      ].map((k) => `errors.kind.${k}`),
      ...[
        "updated",
        "deleted",
        "created",
        "merged",
        "permissionRequested",
        "deleteRequested",
        "mergeRequested",
      ].map((k) => `success.${k}`),
      ...["oneshot", "oneshotNamed", "numbered", "numberedNamed"].map((k) => `chapter.label.${k}`),
      ...[
        "name",
        "email",
        "password",
        "passwordConfirmation",
        "terms",
        "title",
        "anotherName",
        "description",
      ].map((k) => `fields.${k}`),
      ...["status", "reason", "order", "volume", "avatar", "website", "twitter", "instagram", "discord"].map(
        (k) => `fields.${k}`,
      ),
      ...["facebook", "team", "comic"].map((k) => `fields.${k}`),
    ];
    for (const key of required) expect(viKeys, key).toContain(key);
  });

  it("keeps the fixed English texts", () => {
    expect(translate("en", "errors.unknown")).toBe("Unkown error");
    expect(translate("en", "validation.coverRequired")).toBe("A comic cover image must be uploaded");
    expect(translate("en", "errors.chapterNoPages")).toBe("Chapter has no pages");
    // The nine local image texts show as written, one each (all nine: lib/images/errors.test.ts).
    expect(translate("en", "errors.image.toBlobFailed")).toBe("toBlob failed");
    expect(translate("vi", "validation.required", { field: "Email" })).toBe("Email là bắt buộc");
    expect(translate("vi", "comicStatus.canceled")).toBe("Đã hủy bỏ");
  });

  it("tells the three scramble key errors apart", () => {
    const texts = ["invalidKeyCode", "checksumMismatch", "invalidBase58Character"].map((code) => [
      translate("en", `errors.image.${code}`),
      translate("vi", `errors.image.${code}`),
    ]);
    expect(texts).toEqual([
      ["Invalid key code", "Khóa xáo trộn không hợp lệ"],
      ["Checksum mismatch", "Khóa xáo trộn sai mã kiểm tra (checksum)"],
      ["Invalid base58 character", "Khóa xáo trộn có ký tự không hợp lệ (ngoài bảng base58)"],
    ]);
  });
});

describe("translate", () => {
  it("interpolates i18next-style placeholders", () => {
    expect(translate("en", "validation.fileTooLarge", { max: 7 })).toBe(
      "File too large, the maximum is 7 MB",
    );
    expect(translate("vi", "validation.tooManyFiles", { max: 300 })).toBe("Quá nhiều tệp, tối đa 300 tệp");
    expect(translate("en", "chapter.label.numberedNamed", { order: 12.5, name: "Extra" })).toBe(
      "Chapter 12.5 - Extra",
    );
    expect(interpolate("{{ a }}-{{b}}-{{c}}", { a: 1, b: "x" })).toBe("1-x-{{c}}");
  });

  it("falls back to Vietnamese, then to the key", () => {
    const en = messages.en as unknown as { success: Record<string, string> };
    const saved = en.success.updated!;
    delete en.success.updated;
    try {
      expect(translate("en", "success.updated")).toBe("Cập nhật thành công");
    } finally {
      en.success.updated = saved;
    }
    expect(translate("en", "no.such.key")).toBe("no.such.key");
    expect(translate("vi", "validation")).toBe("validation");
    expect(translate("vi", "validation.required.deeper")).toBe("validation.required.deeper");
    expect(translate("vi", "toString")).toBe("toString");
  });

  it("resolves the language of a request header", () => {
    expect(resolveLang("vi")).toBe("vi");
    expect(resolveLang("en")).toBe("en");
    expect(resolveLang("en-US,en;q=0.9")).toBe("en");
    expect(resolveLang("fr-FR, en;q=0.5")).toBe("en");
    expect(resolveLang("fr")).toBe("vi");
    expect(resolveLang(undefined)).toBe("vi");
  });
});

describe("zodIssuesToMessages", () => {
  const schema = z.object({
    email: z.string().min(1, { error: "validation.required" }),
    title: z.string().min(3, { error: "validation.tooShort" }).max(5, { error: "validation.tooLong" }),
    pages: z.array(z.object({ url: z.string() })).min(1, { error: "validation.pagesRequired" }),
    nickname: z.string().min(1, { error: "validation.required" }),
    links: z.array(z.string().min(1, { error: "validation.required" })),
    age: z.number(),
  });

  it("translates keys, names the field in words from the last path segment and fills bounds", () => {
    const r = schema.safeParse({ email: "", title: "ab", pages: [], nickname: "", links: [""], age: 1 });
    expect(zodIssuesToMessages(r.error!.issues, "vi")).toEqual([
      "Email là bắt buộc",
      "Tiêu đề: Phải có ít nhất 3 ký tự",
      "Phải tải lên ít nhất 1 trang",
      // A property without a translated name never shows raw ("nickname"): docs/glossary.md.
      "Trường này là bắt buộc",
      "Trường này là bắt buộc",
    ]);
    const en = schema.safeParse({
      email: "a",
      title: "abcdef",
      pages: [{ url: "x" }],
      nickname: "n",
      links: [],
    });
    expect(zodIssuesToMessages(en.error!.issues, "en")).toEqual([
      "Title: Must be at most 5 characters",
      "This field is required",
    ]);
  });

  it("uses a generic field name for form-level issues and keys issues by path", () => {
    const issues = [
      { message: "validation.required", path: [] },
      { message: "validation.passwordsDoNotMatch", path: ["passwordConfirmation"] },
      { message: "validation.required", path: ["passwordConfirmation"] },
    ];
    expect(zodIssuesToMessages(issues, "en")).toEqual([
      "This field is required",
      "Passwords do not match",
      "Password confirmation is required",
    ]);
    expect(zodIssuesToFieldMessages(issues, "vi")).toEqual({
      "": "Trường này là bắt buộc",
      passwordConfirmation: "Mật khẩu không khớp",
    });
  });
});
