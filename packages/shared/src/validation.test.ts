import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as C from "./constants";
import { EMAIL_REGEX } from "./constants";
import { zodIssuesToMessages } from "./i18n/messages";
import {
  fileCountProblem,
  imageFileProblem,
  isScheduleInFuture,
  isValidCoverSize,
  URL_REGEX,
  zChapterOrder,
  zEmail,
  zOptionalString,
  zOptionalUrl,
  zReason,
  zRequiredString,
} from "./validation";

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe("EMAIL_REGEX", () => {
  it.each([
    "user@example.com",
    "nguyen.van.a@vuontruyen.vn",
    "first+tag@sub.domain.co",
    "a_b-c@x-y.org",
    "UPPER@EXAMPLE.COM",
  ])("accepts %s", (email) => expect(EMAIL_REGEX.test(email)).toBe(true));

  it.each([
    "",
    "plain",
    "@example.com",
    "user@",
    "user@example",
    "user@example.c",
    "user@example.123",
    "user@@example.com",
    "user name@example.com",
    "user@exa mple.com",
    ".user@example.com",
    "user.@example.com",
    "user@-example.com",
    "user@example..com",
  ])("rejects %j", (email) => expect(EMAIL_REGEX.test(email)).toBe(false));
});

describe("URL_REGEX", () => {
  it.each([
    "example.com",
    "www.example.com",
    "http://example.com",
    "https://example.com/",
    "https://www.facebook.com/groups/vuon-truyen",
    "https://discord.gg/AbCd123",
    "https://x.com/vuontruyen?lang=vi#top",
    "HTTPS://EXAMPLE.COM/Path",
    "http://localhost.dev:8080/a",
  ])("accepts %s", (url) => expect(URL_REGEX.test(url)).toBe(true));

  it.each([
    "",
    "example",
    "http://",
    "https://example",
    "ftp://example.com",
    "javascript:alert(1)",
    "https://exa mple.com",
    "https://example.com/has space",
    "//example.com",
    "https://-bad.com",
    "https://example.c",
  ])("rejects %j", (url) => expect(URL_REGEX.test(url)).toBe(false));
});

describe("zod building blocks report i18n keys", () => {
  it("zRequiredString trims and rejects blank, missing and non-string input", () => {
    expect(zRequiredString().parse("  Tên  ")).toBe("Tên");
    expect(messagesOf(zRequiredString().safeParse("   "))).toEqual(["validation.required"]);
    expect(messagesOf(zRequiredString().safeParse(undefined))).toEqual(["validation.required"]);
    expect(messagesOf(zRequiredString().safeParse(42))).toEqual(["validation.required"]);
    expect(messagesOf(zRequiredString("validation.teamRequired").safeParse(""))).toEqual([
      "validation.teamRequired",
    ]);
    expect(messagesOf(zReason.safeParse(" "))).toEqual(["validation.reasonRequired"]);
  });

  it("zEmail normalises and rejects bad addresses", () => {
    expect(zEmail.parse("  User@Example.COM ")).toBe("user@example.com");
    expect(messagesOf(zEmail.safeParse("user@example"))).toEqual(["validation.emailInvalid"]);
    expect(messagesOf(zEmail.safeParse(""))).toContain("validation.required");
    expect(messagesOf(zEmail.safeParse(undefined))).toEqual(["validation.required"]);
  });

  it("zOptionalUrl allows empty, null and missing, rejects anything else that is not a link", () => {
    expect(zOptionalUrl.parse("")).toBe("");
    expect(zOptionalUrl.parse("   ")).toBe("");
    expect(zOptionalUrl.parse(undefined)).toBe("");
    expect(zOptionalUrl.parse(null)).toBe("");
    expect(zOptionalUrl.parse(" https://example.com/a ")).toBe("https://example.com/a");
    expect(messagesOf(zOptionalUrl.safeParse("not a link"))).toEqual(["validation.linkInvalid"]);
    expect(messagesOf(zOptionalUrl.safeParse(5))).toEqual(["validation.linkInvalid"]);
  });

  it("zOptionalString bounds the length", () => {
    expect(zOptionalString().parse(undefined)).toBe("");
    expect(zOptionalString(3).parse(" abc ")).toBe("abc");
    expect(messagesOf(zOptionalString(3).safeParse("abcd"))).toEqual(["validation.tooLong"]);
  });

  it("zChapterOrder accepts >= 0 and the oneshot -1 only", () => {
    for (const ok of [0, 1, 12.5, -1]) expect(zChapterOrder.parse(ok)).toBe(ok);
    for (const bad of [-2, -0.5, Number.NaN, Number.POSITIVE_INFINITY, "3"]) {
      expect(messagesOf(zChapterOrder.safeParse(bad))).toEqual(["validation.chapterOrderInvalid"]);
    }
  });

  it("feeds zodIssuesToMessages with the field named from the path", () => {
    const schema = z.object({ name: zRequiredString(), website: zOptionalUrl, reason: zReason });
    const r = schema.safeParse({ name: " ", website: "nope", reason: "" });
    expect(r.success).toBe(false);
    expect(zodIssuesToMessages(r.error!.issues, "vi")).toEqual([
      "Tên là bắt buộc",
      "Website: Liên kết không hợp lệ",
      "Vui lòng nhập lý do",
    ]);
    expect(zodIssuesToMessages(r.error!.issues, "en")).toEqual([
      "Name is required",
      "Website: Invalid link",
      "Please enter a reason",
    ]);
  });
});

describe("file, cover and schedule checks", () => {
  it("checks image type and size", () => {
    expect(imageFileProblem({ type: "image/jpeg", size: C.PAGE_MAX_BYTES })).toBeNull();
    expect(imageFileProblem({ type: "image/gif", size: 10 })).toBeNull();
    expect(imageFileProblem({ type: "application/pdf", size: 10 })).toEqual({ key: "validation.notAnImage" });
    expect(imageFileProblem({ type: "image/svg+xml", size: 10 })).toEqual({
      key: "validation.fileTypeInvalid",
      params: { types: "JPEG, PNG, WebP, GIF" },
    });
    expect(imageFileProblem({ type: "image/png", size: C.PAGE_MAX_BYTES + 1 })).toEqual({
      key: "validation.fileTooLarge",
      params: { max: 7 },
    });
    expect(imageFileProblem({ type: "image/png", size: 3 * 1024 * 1024 }, 2 * 1024 * 1024)).toEqual({
      key: "validation.fileTooLarge",
      params: { max: 2 },
    });
  });

  it("checks the page count", () => {
    expect(fileCountProblem(0)).toEqual({ key: "validation.pagesRequired" });
    expect(fileCountProblem(1)).toBeNull();
    expect(fileCountProblem(300)).toBeNull();
    expect(fileCountProblem(301)).toEqual({ key: "validation.tooManyFiles", params: { max: 300 } });
  });

  it("accepts portrait 3:4 covers of at least 600x800 only", () => {
    expect(isValidCoverSize(600, 800)).toBe(true);
    expect(isValidCoverSize(1125, 1500)).toBe(true);
    expect(isValidCoverSize(603, 800)).toBe(true);
    expect(isValidCoverSize(450, 600)).toBe(false);
    expect(isValidCoverSize(800, 600)).toBe(false);
    expect(isValidCoverSize(800, 800)).toBe(false);
    expect(isValidCoverSize(600, 900)).toBe(false);
  });

  it("requires a scheduled date strictly in the future", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(isScheduleInFuture(now + 1, now)).toBe(true);
    expect(isScheduleInFuture(now, now)).toBe(false);
    expect(isScheduleInFuture(new Date(now - 1000), now)).toBe(false);
  });
});

describe("constants", () => {
  it("match the specified limits", () => {
    expect(C.PAGE_MAX_BYTES).toBe(7 * 1024 * 1024);
    expect(C.MAX_PAGE_WIDTH).toBe(1500);
    expect(C.JPEG_QUALITY).toBe(0.95);
    expect([C.SCRAMBLE_WIDTH, C.SCRAMBLE_STRIPS, C.SCRAMBLE_GAP, C.SCRAMBLE_QUALITY]).toEqual([
      1300, 10, 4, 0.9,
    ]);
    expect([C.COVER_MIN_WIDTH, C.COVER_MIN_HEIGHT, C.COVER_RATIO_WIDTH, C.COVER_RATIO_HEIGHT]).toEqual([
      600, 800, 3, 4,
    ]);
    expect(C.IMAGE_MIME_TYPES).toEqual(["image/jpeg", "image/png", "image/webp", "image/gif"]);
    expect(C.MOBILE_BREAKPOINT).toBe(768);
    expect(C.SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604800);
    expect([C.TOOLTIP_DELAY_MS, C.SIDEBAR_TOOLTIP_DELAY_MS, C.TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 0, 300]);
    expect(C.QUERY_CACHE_BUSTER).toBe("1");
  });
});
