import { beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiErrorFromResponse } from "@/lib/api-error";
import { i18n } from "@/lib/i18n";
import { en } from "@/locales/resources-en";
import { describeAuthError, describeThirdPartyError } from "./auth-errors";

beforeAll(() => {
  i18n.addResourceBundle("en", "translation", en, true, true);
});

describe("describeThirdPartyError", () => {
  it("translates 'Provider not found' instead of showing the identity provider's English", async () => {
    const error = apiErrorFromResponse(404, { code: "PROVIDER_NOT_FOUND", message: "Provider not found" });
    await i18n.changeLanguage("vi");
    expect(describeThirdPartyError(error)).toBe(
      "Cách đăng nhập này hiện không dùng được. Hãy đăng nhập bằng email và mật khẩu.",
    );
    await i18n.changeLanguage("en");
    expect(describeThirdPartyError(error)).toBe(
      "This sign-in option is not available right now. Sign in with your email and password.",
    );
    await i18n.changeLanguage("vi");
  });

  it("never passes an unknown provider error's raw text through", () => {
    const error = apiErrorFromResponse(400, { code: "SOMETHING_NEW", message: "Some English detail" });
    const text = describeThirdPartyError(error);
    expect(text).not.toContain("Some English detail");
    expect(text).toBe("Không thể đăng nhập qua dịch vụ bên ngoài. Vui lòng thử lại.");
    expect(describeThirdPartyError(new Error("boom"))).toBe(text);
    expect(describeThirdPartyError(new ApiError("cannot-connect", "fetch failed"))).not.toContain(
      "fetch failed",
    );
  });
});

describe("describeAuthError", () => {
  it("a 429 names the wait the identity provider answered (X-Retry-After of the response)", async () => {
    const response = new Response(null, { status: 429, headers: { "x-retry-after": "30" } });
    const error = apiErrorFromResponse(429, { message: "Too many requests" }, response);
    await i18n.changeLanguage("en");
    const text = describeAuthError(error);
    expect(text).toContain("30");
    expect(text).toBe(i18n.t("auth.serverErrors.rateLimited", { seconds: 30 }));
    await i18n.changeLanguage("vi");
  });
});
