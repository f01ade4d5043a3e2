import { ScrambleError } from "@vt/shared/scramble";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "@/locales/resources-en";
import { ApiError, apiErrorFromResponse } from "./api-error";
import { describeError } from "./error-toast";
import { i18n } from "./i18n";
import { ChapterNoPagesError, ImageProcessingError } from "./images/errors";

beforeAll(async () => {
  i18n.addResourceBundle("en", "translation", en, true, true);
  await i18n.changeLanguage("vi");
});
afterAll(async () => {
  await i18n.changeLanguage("vi");
});

describe("describeError: users read their language, never a library's text", () => {
  it("describes an image failure by its own text, in vi and en", async () => {
    const failure = new ImageProcessingError("toBlobFailed");
    expect(describeError(failure)).toBe("Không xuất được ảnh (toBlob thất bại)");
    expect(describeError(new ScrambleError("checksumMismatch"))).toBe(
      "Khóa xáo trộn sai mã kiểm tra (checksum)",
    );
    expect(describeError(new ChapterNoPagesError())).toBe("Chương không có trang nào");
    await i18n.changeLanguage("en");
    expect(describeError(failure)).toBe("toBlob failed");
    expect(describeError(new ImageProcessingError("failedToCreateImage"))).toBe("Failed to create image");
    await i18n.changeLanguage("vi");
  });

  it("keeps the uploader API's own words (already in the user's language)", () => {
    const refusal = apiErrorFromResponse(422, {
      message: "Dữ liệu không hợp lệ",
      errors: ["Tiêu đề là bắt buộc"],
      code: "VALIDATION",
    });
    expect(describeError(refusal)).toBe("Tiêu đề là bắt buộc");
  });

  it("shows a refusal's plain-text body and an errors map's values (message extraction, step 3 and maps)", () => {
    expect(describeError(apiErrorFromResponse(400, "Tên tệp không hợp lệ"))).toBe("Tên tệp không hợp lệ");
    expect(
      describeError(
        apiErrorFromResponse(409, { errors: { title: "Tiêu đề đã có", slug: "Đường dẫn đã có" } }),
      ),
    ).toBe("Tiêu đề đã có,Đường dẫn đã có");
    // A proxy's page and a server failure's text stay described by their kind.
    expect(describeError(apiErrorFromResponse(400, "<!doctype html><h1>400</h1>"))).toBe(
      "Yêu cầu bị từ chối",
    );
    expect(describeError(apiErrorFromResponse(503, "upstream connect error"))).toBe("Máy chủ gặp sự cố");
  });

  it("describes other failures by kind: a proxy's page, a foreign service's English, the transport, a bug", () => {
    expect(describeError(apiErrorFromResponse(502, "<html>Bad Gateway</html>"))).toBe("Máy chủ gặp sự cố");
    expect(
      describeError(apiErrorFromResponse(400, { code: "SOMETHING_NEW", message: "Some English detail" })),
    ).toBe("Yêu cầu bị từ chối");
    expect(describeError(new ApiError("timeout", "timeout of 30000ms exceeded"))).toBe(
      "Yêu cầu đã quá thời gian chờ",
    );
    expect(describeError(new TypeError("Cannot read properties of undefined"))).toBe("Lỗi không xác định");
    expect(describeError(new DOMException("The operation was aborted", "AbortError"))).toBe(
      "Yêu cầu đã bị hủy",
    );
  });
});
