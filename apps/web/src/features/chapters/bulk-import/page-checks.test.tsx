import { render, screen, within } from "@testing-library/react";
import type { TPageChecksResponse, TProposedChapter } from "@vt/shared/contracts/page-checks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTexts, i18n } from "@/lib/i18n";
import { en } from "@/locales/resources-en";
import { viFirstLoad } from "@/locales/resources-vi";
import { chaptersVi } from "@/locales/vi/chapters";
import { powerVi } from "@/locales/vi/power";
import { ImportPreviewTable, type PreviewRow } from "./import-preview-table";
import type { ImportFile } from "./import-source";
import { type RowChecks, runPageChecks } from "./page-checks";

beforeAll(() => {
  addTexts("vi", viFirstLoad);
  addTexts("vi", powerVi);
  // The comic's chapter list, where the import is, loads the chapter texts (features/chapters/texts.ts).
  addTexts("vi", chaptersVi);
  i18n.addResourceBundle("en", "translation", en, true, true);
  // jsdom has no object URLs for the thumbnails.
  URL.createObjectURL ??= () => "blob:thumb";
  URL.revokeObjectURL ??= () => {};
});
afterAll(async () => {
  await i18n.changeLanguage("vi");
});

const file = (path: string): ImportFile => ({
  path,
  size: 1,
  file: async () => new File([path], path.split("/").pop()!),
  head: async () => new Uint8Array(),
});

function row(key: string, sourceName: string, order: number): PreviewRow {
  return {
    key,
    sourceName,
    orderText: String(order),
    volumeText: "",
    title: "",
    skip: false,
    order,
    volume: null,
    warnings: [],
    blocked: false,
    volumeInvalid: false,
  } as unknown as PreviewRow;
}

const thumb = new Blob(["x"], { type: "image/jpeg" });

describe("Check pages in the bulk import preview", () => {
  it("fingerprints each page, sends the chapters with their fingerprints and keys the findings by row", async () => {
    const sent: TProposedChapter[][] = [];
    const progress: string[] = [];
    const results = await runPageChecks(
      7,
      [
        {
          key: "a",
          label: "Chương 13",
          order: 13,
          files: [file("Bộ/Chương 13/1.jpg"), file("Bộ/Chương 13/2.jpg")],
        },
        {
          key: "b",
          label: "Chương 14",
          order: 14,
          files: [file("Bộ/Chương 14/1.jpg"), file("Bộ/Chương 14/bad.jpg")],
        },
      ],
      {
        onProgress: (p) => progress.push(`${p.done}/${p.total}`),
        deps: {
          fingerprint: async (f) => {
            if (f.name === "bad.jpg") throw new Error("undecodable");
            return { dhash: "0123456789abcdef", mean: 200, std: 40, width: 800, height: 1200, thumb };
          },
          send: async (comicId, slice): Promise<TPageChecksResponse> => {
            expect(comicId).toBe(7);
            sent.push(slice);
            return {
              chapters: slice.map((c, index) => ({
                index,
                pageCount: c.pages.length,
                unchecked: c.pages.filter((p) => !p.dhash).length,
                findings:
                  index === 0
                    ? [{ kind: "duplicate", pages: [1, 2].map((p) => ({ id: p, position: p })) }]
                    : [],
              })),
            };
          },
        },
      },
    );
    expect(progress.at(-1)).toBe("4/4");
    expect(sent).toHaveLength(1);
    expect(sent[0]![1]).toEqual({
      label: "Chương 14",
      order: 14,
      pages: [
        {
          name: "1.jpg",
          width: 800,
          height: 1200,
          dhash: "0123456789abcdef",
          brightnessMean: 200,
          brightnessStd: 40,
        },
        {
          name: "bad.jpg",
          width: null,
          height: null,
          dhash: null,
          brightnessMean: null,
          brightnessStd: null,
        },
      ],
    });
    expect(results.get("a")!.checks.findings.map((f) => f.kind)).toEqual(["duplicate"]);
    expect(results.get("b")!.checks.unchecked).toBe(1);
    expect(results.get("b")!.thumbs).toEqual([thumb, null]);
  });

  const checks = new Map<string, RowChecks>([
    [
      "a",
      {
        names: Array.from({ length: 20 }, (_, i) => `${i + 1}.jpg`),
        thumbs: Array.from({ length: 20 }, () => thumb),
        checks: {
          index: 0,
          pageCount: 20,
          unchecked: 0,
          findings: [
            {
              kind: "otherChapter",
              chapter: { id: 5, order: 12, name: "Gió" },
              pages: Array.from({ length: 18 }, (_, i) => ({ id: i + 1, position: i + 1 })),
              matched: 18,
              total: 20,
            },
            { kind: "duplicate", pages: [3, 4].map((p) => ({ id: p, position: p })) },
            { kind: "blank", pages: [{ id: 19, position: 19 }] },
            { kind: "width", pages: [{ id: 20, position: 20 }], width: 1600, medianWidth: 800 },
          ],
        },
      },
    ],
    [
      "b",
      {
        names: ["1.jpg"],
        thumbs: [null],
        checks: {
          index: 1,
          pageCount: 1,
          unchecked: 1,
          findings: [
            {
              kind: "otherChapter",
              proposed: { index: 0, label: "Chương 13" },
              pages: [{ id: 1, position: 1 }],
              matched: 1,
              total: 1,
            },
          ],
        },
      },
    ],
    ["c", { names: [], thumbs: [], checks: { index: 2, pageCount: 0, unchecked: 0, findings: [] } }],
    [
      "d",
      {
        names: ["1.jpg", "2.jpg"],
        thumbs: [thumb, thumb],
        checks: {
          index: 3,
          pageCount: 2,
          unchecked: 0,
          findings: [
            {
              kind: "otherChapter",
              chapter: { id: 5, order: 12, name: "Gió" },
              pages: [{ id: 1, position: 1 }],
              matched: 1,
              total: 2,
              kept: true,
            },
            { kind: "credit", pages: [{ id: 2, position: 2 }], team: { id: 3, name: "Nhóm A" } },
          ],
        },
      },
    ],
  ]);
  const rows = [
    row("a", "Chương 13", 13),
    row("b", "Chương 14", 14),
    row("c", "Chương 15", 15),
    row("d", "Chương 16", 16),
  ];

  it("shows each row's findings in Vietnamese with the pages' thumbnails", async () => {
    await i18n.changeLanguage("vi");
    render(<ImportPreviewTable rows={rows} onEdit={() => {}} checks={checks} />);
    expect(screen.getByRole("columnheader", { name: "Kiểm tra trang" })).toBeTruthy();
    const [a, b, c] = screen.getAllByTestId("bulk-import-checks");
    expect(within(a!).getByText("18 trên 20 trang đã có trong Chương 12 - Gió")).toBeTruthy();
    expect(within(a!).getByText("Trang 3, 4 giống nhau")).toBeTruthy();
    expect(within(a!).getByText("Trang 19 trống")).toBeTruthy();
    expect(within(a!).getByText("Trang 20 rộng 1600 px, khác khổ chương (800 px)")).toBeTruthy();
    // At most 4 thumbnails next to a finding, named by their place.
    expect(within(a!).getAllByRole("img", { name: /^Trang \d+ \(/ })).toHaveLength(4 + 2 + 1 + 1);
    expect(within(a!).getAllByRole("img", { name: "Trang 3 (3.jpg)" })).toHaveLength(2);
    expect(within(b!).getByText("1 trên 1 trang trùng với Chương 13 trong lần nhập này")).toBeTruthy();
    expect(within(b!).getByText("1 trang không đọc được")).toBeTruthy();
    expect(within(c!).getByText("Không thấy vấn đề")).toBeTruthy();
  }, 30_000);

  it("says a credit page in the chapter editor's words, and only counts what was kept for the comic", async () => {
    await i18n.changeLanguage("vi");
    render(<ImportPreviewTable rows={rows} onEdit={() => {}} checks={checks} />);
    const d = screen.getAllByTestId("bulk-import-checks")[3]!;
    expect(within(d).getByText("Trang 2 là trang ghi công mà Nhóm A đã tự gắn vào cuối chương")).toBeTruthy();
    expect(within(d).getByText("Đã giữ lại (1)")).toBeTruthy();
    // The kept recap is no open finding: no sentence, no thumbnail.
    expect(within(d).queryByText(/đã có trong Chương 12/)).toBeNull();
    expect(within(d).getAllByRole("img")).toHaveLength(1);
    await i18n.changeLanguage("en");
    expect(
      await within(d).findByText("Page 2 is the credit page Nhóm A already adds to the end of the chapter"),
    ).toBeTruthy();
  }, 30_000);

  it("says the same in English", async () => {
    await i18n.changeLanguage("en");
    render(<ImportPreviewTable rows={rows} onEdit={() => {}} checks={checks} />);
    const [a, b] = screen.getAllByTestId("bulk-import-checks");
    expect(within(a!).getByText("18 of 20 pages are already in Chapter 12 - Gió")).toBeTruthy();
    expect(within(a!).getByText("Pages 3, 4 are the same")).toBeTruthy();
    expect(within(a!).getByText("Page 19 is blank")).toBeTruthy();
    expect(within(b!).getByText("1 of 1 pages are also in Chương 13 of this import")).toBeTruthy();
  }, 30_000);

  it("shows no checks column before the pages were checked", async () => {
    await i18n.changeLanguage("vi");
    render(<ImportPreviewTable rows={rows} onEdit={() => {}} />);
    expect(screen.queryByRole("columnheader", { name: "Kiểm tra trang" })).toBeNull();
  }, 30_000);
});
