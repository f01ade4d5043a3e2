import { fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { addTexts, i18n } from "@/lib/i18n";
import { chaptersVi } from "@/locales/vi/chapters";
import { ReplacePageButton } from "./replace-page-button";

beforeAll(async () => {
  addTexts("vi", chaptersVi);
  await i18n.changeLanguage("vi");
});

describe("ReplacePageButton", () => {
  it("opens a picker for one image and hands over the file picked, then forgets it", () => {
    const onReplace = vi.fn();
    const { container } = render(<ReplacePageButton n={3} onReplace={onReplace} />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.fn();
    input.addEventListener("click", opened);
    fireEvent.click(screen.getByRole("button", { name: "Thay ảnh trang 3" }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(input.accept).toBe("image/*");
    expect(input.multiple).toBe(false);

    const file = new File(["x"], "3.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onReplace).toHaveBeenCalledWith(file);
    // The same file can be picked again (a retry after a refusal).
    expect(input.value).toBe("");
  });

  it("is disabled while its page cannot be replaced", () => {
    render(<ReplacePageButton n={2} disabled onReplace={() => undefined} />);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Thay ảnh trang 2" }).disabled).toBe(true);
  });
});
