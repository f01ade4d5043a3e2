import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { addTexts, i18n } from "@/lib/i18n";
import { en } from "@/locales/resources-en";
import { comicsVi } from "@/locales/vi/comics";
import { ComicFlags } from "./comic-flags";

const comic = { isMature: false, deleteRequested: false, mergeRequested: true };

beforeAll(() => {
  addTexts("vi", comicsVi);
  i18n.addResourceBundle("en", "translation", en, true, true);
});

describe("ComicFlags", () => {
  it("names the target comic of a pending merge request, in both languages", async () => {
    await i18n.changeLanguage("vi");
    const { rerender } = render(
      <ComicFlags comic={{ ...comic, mergeTarget: { id: 2, title: "Hoa Đào" } }} />,
    );
    expect(screen.getByText("Đang chờ gộp vào «Hoa Đào»")).toBeTruthy();
    await i18n.changeLanguage("en");
    rerender(<ComicFlags comic={{ ...comic, mergeTarget: { id: 2, title: "Hoa Đào" } }} />);
    expect(screen.getByText("Merge into «Hoa Đào» pending")).toBeTruthy();
    await i18n.changeLanguage("vi");
  });

  it("keeps the generic merge flag when the target is not known", () => {
    render(<ComicFlags comic={{ ...comic, mergeTarget: null }} />);
    expect(screen.getByText("Có yêu cầu gộp")).toBeTruthy();
  });
});
