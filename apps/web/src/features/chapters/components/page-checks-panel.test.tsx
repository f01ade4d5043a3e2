import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { TChapterDetail } from "@vt/shared/contracts/chapters";
import type { TChapterChecks } from "@vt/shared/contracts/page-checks";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addTexts, i18n } from "@/lib/i18n";
import { en } from "@/locales/resources-en";
import { chaptersVi } from "@/locales/vi/chapters";
import { usePageChecks } from "../hooks/use-page-checks";
import { usePagesSession } from "../hooks/use-pages-session";
import { pagesSession } from "../pages-session";
import { PageChecksPanel } from "./page-checks-panel";

/** Generous: the machine may be busy; the tests wait for states, never for a time. */
const wait = { timeout: 20_000 };
const get = vi.fn();
const put = vi.fn();
vi.mock("@/lib/api-client", () => ({
  api: { get: (...args: unknown[]) => get(...args), put: (...args: unknown[]) => put(...args) },
}));

beforeAll(() => {
  addTexts("vi", chaptersVi);
  i18n.addResourceBundle("en", "translation", en, true, true);
});

let nextChapter = 9000;

/** A chapter of `n` stored pages (ids 1..n) in an editor session, and the panel over it. */
function renderPanel(n: number) {
  const chapterId = nextChapter++;
  const pages = Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    url: `comics/p${i + 1}.png`,
    src: `/files/comics/p${i + 1}.png`,
    clientId: `${i + 1}.png|1|1`,
  }));
  pagesSession(chapterId).load({ id: chapterId, pages } as unknown as TChapterDetail, true);
  function Harness() {
    const { session, pages } = usePagesSession(chapterId);
    const checks = usePageChecks(chapterId, pages);
    return session && <PageChecksPanel chapterId={chapterId} session={session} checks={checks} />;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return chapterId;
}

const ref = (id: number) => ({ id, position: id });
const answer = (chapterId: number, findings: TChapterChecks["findings"]): TChapterChecks => ({
  chapterId,
  pageCount: 8,
  unchecked: 0,
  findings,
});
const all = (chapterId: number) =>
  answer(chapterId, [
    // Listed out of the editor's order (the server puts staged uploads last): shown in order.
    { kind: "duplicate", pages: [ref(4), ref(3)] },
    {
      kind: "otherChapter",
      pages: [ref(1)],
      chapter: { id: 12, order: 12, name: "Mưa" },
      matched: 1,
      total: 8,
    },
    { kind: "blank", pages: [ref(5)] },
    { kind: "width", pages: [ref(6)], width: 1600, medianWidth: 800 },
    { kind: "narrow", pages: [ref(7)], width: 400, minWidth: 600 },
  ]);

beforeEach(() => {
  get.mockReset();
  put.mockReset();
});

describe("PageChecksPanel", () => {
  it("lists every finding in Vietnamese with the thumbnails of its pages", async () => {
    await i18n.changeLanguage("vi");
    get.mockImplementation((_path, { params }) => Promise.resolve(all(params.path.chapterId)));
    renderPanel(8);
    const item = (text: string) => screen.findByText(text, {}, wait).then((el) => el.closest("li")!);
    const duplicate = await item("Trang 3, 4 là cùng một hình");
    expect(
      within(duplicate)
        .getAllByRole("img")
        .map((i) => i.getAttribute("alt")),
    ).toEqual(["Trang 3", "Trang 4"]);
    expect(within(duplicate).getAllByRole("img")[0]!.getAttribute("src")).toBe("/files/comics/p3.png");
    const other = await item("1 trên 8 trang đã có trong Chương 12 - Mưa");
    expect(within(other).getAllByRole("img")).toHaveLength(1);
    expect(screen.getByText("Trang 5 gần như trống")).toBeTruthy();
    expect(screen.getByText("Trang 6 rộng 1600 px, khác hẳn các trang khác (800 px)")).toBeTruthy();
    expect(screen.getByText("Trang 7 chỉ rộng 400 px, quá hẹp để đọc rõ (nên từ 600 px)")).toBeTruthy();
    expect(screen.getByText("5 mục cần xem")).toBeTruthy();
  }, 60_000);

  it("keeps a finding on the server and lists it apart; a removed page leaves its finding at once", async () => {
    await i18n.changeLanguage("vi");
    let chapterId = 0;
    get.mockImplementation(() => Promise.resolve(all(chapterId)));
    chapterId = renderPanel(8);
    const blank = (await screen.findByText("Trang 5 gần như trống", {}, wait)).closest("li")!;
    const kept = all(chapterId);
    kept.findings[2] = { ...kept.findings[2]!, kept: true };
    put.mockResolvedValue(kept);
    fireEvent.click(within(blank).getByRole("button", { name: "Giữ lại" }));
    await screen.findByText("Đã giữ lại (1)", {}, wait);
    expect(put).toHaveBeenCalledWith(
      "/api/chapters/{chapterId}/checks/kept",
      { kind: "blank", pageIds: [5], kept: true },
      { params: { path: { chapterId } } },
    );
    expect(screen.getByText("4 mục cần xem")).toBeTruthy();

    // Page 6 removed in the editor (not saved yet): its width finding goes, the others stay.
    get.mockImplementation(() => Promise.resolve(kept));
    fireEvent.click(screen.getByRole("button", { name: "Bỏ trang 6" }));
    await waitFor(() => expect(screen.queryByText(/rộng 1600 px/)).toBeNull(), wait);
    expect(screen.getByText("3 mục cần xem")).toBeTruthy();
    // Page 7 is now the 6th page of the editor.
    expect(screen.getByText("Trang 6 chỉ rộng 400 px, quá hẹp để đọc rõ (nên từ 600 px)")).toBeTruthy();
  }, 60_000);

  it("says so when nothing was found, and shows a load failure as an error with a retry, not as 'nothing found'", async () => {
    await i18n.changeLanguage("vi");
    get.mockRejectedValueOnce(new Error("mạng hỏng"));
    renderPanel(2);
    expect((await screen.findByRole("alert", {}, wait)).textContent).toContain(
      "Không kiểm tra được các trang.",
    );
    expect(screen.queryByText(/Không thấy vấn đề/)).toBeNull();
    get.mockImplementation((_path, { params }) => Promise.resolve(answer(params.path.chapterId, [])));
    fireEvent.click(screen.getByRole("button", { name: "Thử lại" }));
    expect(await screen.findByText("Không thấy vấn đề nào ở 8 trang.", {}, wait)).toBeTruthy();
  }, 60_000);

  it("has an English sentence for every kind", async () => {
    await i18n.changeLanguage("en");
    get.mockImplementation((_path, { params }) => Promise.resolve(all(params.path.chapterId)));
    renderPanel(8);
    expect(await screen.findByText("Pages 3, 4 are the same picture", {}, wait)).toBeTruthy();
    expect(screen.getByText("1 of 8 pages are already in Chapter 12 - Mưa")).toBeTruthy();
    expect(screen.getByText("Page 5 is blank or nearly blank")).toBeTruthy();
    expect(screen.getByText("Page 6 is 1600 px wide, unlike the other pages (800 px)")).toBeTruthy();
    expect(
      screen.getByText("Page 7 is only 400 px wide, too narrow to read well (at least 600 px)"),
    ).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Keep" })).toHaveLength(5);
    await i18n.changeLanguage("vi");
  }, 60_000);
});
