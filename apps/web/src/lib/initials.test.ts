import { describe, expect, it } from "vitest";
import { initials, userInitials } from "./initials";

describe("initials (avatar and logo fallbacks)", () => {
  it("takes the family name's and the given name's first letters of a Vietnamese name", () => {
    expect(initials("Nguyễn Văn An")).toBe("NA");
    expect(initials("  Trần   Thị  Đào ")).toBe("TĐ");
    expect(initials("đặng ánh")).toBe("ĐÁ");
    expect(initials("Hoa Mai")).toBe("HM");
  });

  it("keeps an accent on its letter whatever the Unicode form; an emoji is no initial", () => {
    const decomposed = "Ấn Ước".normalize("NFD");
    expect(initials(decomposed)).toBe("ẤƯ");
    expect(initials("Ánh".normalize("NFD"))).toBe("ÁN");
    expect(initials("🌸 Hoa Mai")).toBe("HM");
    expect(initials("Hoa🌸")).toBe("HO");
  });

  it("skips words that start with punctuation and gives one word its first two letters", () => {
    expect(initials("(Nhóm) Mây - Trời")).toBe("NT");
    expect(initials("Sakura")).toBe("SA");
    expect(initials("")).toBe("?");
    expect(initials("- -")).toBe("?");
  });

  it("gives the signed-in user their initials, and 'CN' only when they have no name", () => {
    expect(userInitials("Nguyễn Văn An")).toBe("NA");
    expect(userInitials("")).toBe("CN");
    expect(userInitials(null)).toBe("CN");
  });
});
