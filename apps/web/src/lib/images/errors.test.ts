import { hasMessage, translate } from "@vt/shared/i18n/messages";
import { ScrambleError } from "@vt/shared/scramble";
import { describe, expect, it } from "vitest";
import {
  ChapterNoPagesError,
  deserializeError,
  IMAGE_ERROR_CODES,
  ImageProcessingError,
  imageErrorI18nKey,
  serializeError,
} from "./errors";

describe("image errors (spec §8)", () => {
  it("keeps the spec's technical text as the message, and shows users a text by kind in both languages", () => {
    expect(IMAGE_ERROR_CODES).toHaveLength(9);
    for (const code of IMAGE_ERROR_CODES) {
      const e = new ImageProcessingError(code);
      expect(hasMessage(e.i18nKey, "vi")).toBe(true);
      expect(hasMessage(e.i18nKey, "en")).toBe(true);
      for (const lang of ["vi", "en"] as const) {
        // No library or API name reaches the user ("toBlob", "canvas", "blob", "base58").
        expect(translate(lang, e.i18nKey), code).not.toMatch(/toBlob|canvas|blob|base58|checksum/i);
      }
    }
    expect(new ImageProcessingError("toBlobFailed").message).toBe("toBlob failed");
    // One text per kind: the browser could not draw or encode the picture.
    const browser = ["canvasContext", "contextUnavailable", "blobCreation", "toBlobFailed"] as const;
    for (const code of browser) {
      expect(translate("vi", `errors.image.${code}`)).toBe(
        "Trình duyệt không xử lý được ảnh này. Hãy thử lại hoặc dùng ảnh nhỏ hơn",
      );
      expect(translate("en", `errors.image.${code}`)).toBe(
        "Your browser could not process this image. Try again or use a smaller image",
      );
    }
    // A wrong scramble key, whatever part of it is wrong.
    for (const code of ["invalidKeyCode", "checksumMismatch", "invalidBase58Character"] as const) {
      expect(translate("vi", `errors.image.${code}`)).toBe("Khóa xáo trộn không hợp lệ");
      expect(translate("en", `errors.image.${code}`)).toBe("Invalid scramble key");
    }
    expect(translate("en", new ChapterNoPagesError().i18nKey)).toBe("Chapter has no pages");
  });

  it("crosses the worker boundary with name and code intact", () => {
    const back = deserializeError(serializeError(new ImageProcessingError("blobCreation")));
    expect(back).toBeInstanceOf(ImageProcessingError);
    expect(back).toMatchObject({ code: "blobCreation", i18nKey: "errors.image.blobCreation" });

    const codec = deserializeError(serializeError(new ScrambleError("invalidBase58Character")));
    expect(codec).toMatchObject({ name: "ImageProcessingError", code: "invalidBase58Character" });

    const abort = deserializeError(serializeError(new DOMException("stop", "AbortError")));
    expect(abort.name).toBe("AbortError");

    const other = deserializeError(serializeError(new TypeError("odd")));
    expect(other).toMatchObject({ name: "TypeError", message: "odd" });
    expect(serializeError("plain")).toEqual({ name: "Error", message: "plain" });
  });

  it("maps any error to an i18n key", () => {
    expect(imageErrorI18nKey(new ScrambleError("checksumMismatch"))).toBe("errors.image.checksumMismatch");
    expect(imageErrorI18nKey(new ChapterNoPagesError())).toBe("errors.chapterNoPages");
    expect(imageErrorI18nKey(new Error("x"))).toBe("errors.generic");
    expect(hasMessage("errors.generic", "vi")).toBe(true);
  });
});
