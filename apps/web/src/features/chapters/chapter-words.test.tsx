import { DndContext } from "@dnd-kit/core";
import { SortableContext } from "@dnd-kit/sortable";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { TChapter } from "@vt/shared/contracts/chapters";
import { beforeAll, describe, expect, it } from "vitest";
import { ModalProvider } from "@/components/modal/modal-provider";
import { addTexts, i18n } from "@/lib/i18n";
import { chapterZipName } from "@/lib/images/format";
import { en } from "@/locales/resources-en";
import { chaptersVi } from "@/locales/vi/chapters";
import { ChapterStateBadges } from "./components/chapter-state-badge";
import { PageTile } from "./components/page-tile";
import { QuickVolumeDialog } from "./components/quick-volume-dialog";
import { chapterZipSource } from "./hooks/use-chapter-download";

beforeAll(() => {
  addTexts("vi", chaptersVi);
  i18n.addResourceBundle("en", "translation", en, true, true);
});

type BadgeChapter = Pick<TChapter, "state" | "hidden" | "publishAt" | "publishedAt" | "status">;
const published: BadgeChapter = {
  status: "published",
  state: "visible",
  hidden: false,
  publishAt: null,
  publishedAt: Date.UTC(2026, 0, 2),
};

describe("chapter list status", () => {
  it("shows 'Đã đăng' / 'Published' for a chapter readers see, never a blank cell", async () => {
    await i18n.changeLanguage("vi");
    const { container, unmount } = render(<ChapterStateBadges chapter={published} />);
    expect(screen.getByText("Đã đăng")).toBeTruthy();
    expect(container.querySelector('[data-state="published"]')).not.toBeNull();
    unmount();
    await i18n.changeLanguage("en");
    render(<ChapterStateBadges chapter={published} />);
    expect(screen.getByText("Published")).toBeTruthy();
    await i18n.changeLanguage("vi");
  });

  it("does not say published for a draft, a scheduled or a hidden chapter", () => {
    const cases: BadgeChapter[] = [
      { ...published, status: "draft", state: "draft", publishedAt: null },
      { ...published, state: "scheduled", publishAt: Date.UTC(2030, 0, 1) },
      { ...published, state: "hidden", hidden: true },
    ];
    for (const chapter of cases) {
      const { container, unmount } = render(<ChapterStateBadges chapter={chapter} />);
      expect(container.querySelector('[data-state="published"]')).toBeNull();
      expect(container.textContent).not.toBe("");
      unmount();
    }
  });
});

describe("chapter zip name", () => {
  const pages = [
    { url: "comics/2026/01/a.jpg", key: null, staged: false },
    { url: "comics/2026/01/b.jpg", staged: true },
  ];

  it("names the zip after the chapter's name, not its full label", () => {
    const { chapter, fallbackName } = chapterZipSource({ name: "Lời hứa", pages }, "Chương 3 - Lời hứa");
    expect(chapterZipName(chapter.name, fallbackName)).toBe("Lời hứa.zip");
    expect(chapter.pages).toEqual([{ url: "comics/2026/01/a.jpg", key: null }]);
  });

  it("falls back to the label when the chapter has no name", () => {
    const { chapter, fallbackName } = chapterZipSource({ name: "", pages }, "Chương 3");
    expect(chapterZipName(chapter.name, fallbackName)).toBe("Chương 3.zip");
  });
});

describe("chapter editor words", () => {
  it("shows a page tile's whole file name, wrapped, with the name as its title", () => {
    const name = "Chuong 12 - ban dich cuoi cung/001 trang mo dau rat dai.jpg";
    render(
      <DndContext>
        <SortableContext items={["p1"]}>
          <ul>
            <PageTile
              page={{ uid: "p1", id: 4, name, state: "done", progress: 1 } as never}
              index={0}
              selected={false}
              onSelect={() => {}}
              onRemove={() => {}}
              onRetry={() => {}}
              onReplace={() => {}}
            />
          </ul>
        </SortableContext>
      </DndContext>,
    );
    const shown = screen.getByText(name);
    expect(shown.getAttribute("title")).toBe(name);
    expect(shown.className).not.toContain("truncate");
    expect(shown.className).toContain("break-all");
  });

  it("offers Cancel in the quick volume dialog, which closes it", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ModalProvider>
          <QuickVolumeDialog comicId={1} />
        </ModalProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Cập nhật tập nhanh" }));
    const dialog = await screen.findByRole("dialog", undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByRole("button", { name: "Hủy" }));
    await waitFor(() => expect(dialog.isConnected).toBe(false), { timeout: 15_000 });
  }, 30_000);
});
