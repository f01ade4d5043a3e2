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

describe("image errors", () => {
  it("shows each of the nine texts as written, in vi and en", () => {
    expect(IMAGE_ERROR_CODES).toHaveLength(9);
    const en = {
      canvasContext: "Could not create canvas context",
      failedToCreateImage: "Failed to create image",
      invalidKeyCode: "Invalid key code",
      checksumMismatch: "Checksum mismatch",
      invalidBase58Character: "Invalid base58 character",
      contextUnavailable: "Context unavailable",
      invalidScrambledHeight: "Invalid scrambled image height",
      blobCreation: "Error creating a blob from the image",
      toBlobFailed: "toBlob failed",
    };
    const vi = {
      canvasContext: "Trình duyệt không tạo được vùng vẽ (canvas) để xử lý ảnh",
      failedToCreateImage: "Không đọc được ảnh: tệp hỏng hoặc trình duyệt không mở được",
      invalidKeyCode: "Khóa xáo trộn không hợp lệ",
      checksumMismatch: "Khóa xáo trộn sai mã kiểm tra (checksum)",
      invalidBase58Character: "Khóa xáo trộn có ký tự không hợp lệ (ngoài bảng base58)",
      contextUnavailable: "Trình duyệt này không hỗ trợ vẽ ảnh (canvas)",
      invalidScrambledHeight: "Chiều cao ảnh xáo trộn không hợp lệ",
      blobCreation: "Không tạo được tệp ảnh (blob) sau khi xử lý",
      toBlobFailed: "Không xuất được ảnh (toBlob thất bại)",
    };
    for (const code of IMAGE_ERROR_CODES) {
      const e = new ImageProcessingError(code);
      // What the user reads is the text of that one error, never a shared text of its group.
      expect(translate("en", e.i18nKey), code).toBe(en[code]);
      expect(translate("vi", e.i18nKey), code).toBe(vi[code]);
      expect(e.message).toBe(en[code]);
    }
    expect(new Set(Object.values(vi)).size).toBe(9);
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
