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
  it("every code has its text in both catalogues, matching the English message", () => {
    expect(IMAGE_ERROR_CODES).toHaveLength(9);
    for (const code of IMAGE_ERROR_CODES) {
      const e = new ImageProcessingError(code);
      expect(hasMessage(e.i18nKey, "vi")).toBe(true);
      expect(hasMessage(e.i18nKey, "en")).toBe(true);
      expect(translate("en", e.i18nKey)).toBe(e.message);
    }
    expect(new ImageProcessingError("toBlobFailed").message).toBe("toBlob failed");
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
