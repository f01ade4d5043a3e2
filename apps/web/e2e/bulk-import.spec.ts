import { createHash } from "node:crypto";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { pageClientId } from "@vt/shared/client-id";
import { BlobWriter, Uint8ArrayReader, ZipWriter } from "@zip.js/zip.js";
import { gradientJpeg } from "./image-pipeline/images";
import { finishImport, pagePng, type StoredChapter, uploaderWithComic, values } from "./support/bulk-import";

/**
 * Bulk import on the comic's chapter list (docs/bulk-import.md): one zip of five chapters in mixed
 * naming styles (folders and inner zips, one with 60 small pages, one with a 1500x9000 strip split
 * into three) goes through the preview table and the chapter editor's page pipeline, and each
 * chapter reads back with its order and pages; a closed tab resumes, chapters are scheduled apart,
 * and a traversal name is refused. Folders and the CLI: bulk-import-folder.spec.ts.
 */

async function zipOf(entries: readonly (readonly [string, Uint8Array])[]): Promise<Uint8Array> {
  const writer = new ZipWriter(new BlobWriter(), { level: 0 });
  for (const [name, bytes] of entries) await writer.add(name, new Uint8ArrayReader(bytes));
  return new Uint8Array(await (await writer.close()).arrayBuffer());
}

/** Five chapters: "Vol.1 Ch.1 - Title", "Chapter 2" (60 pages), an inner mupl zip, "3 - Title", an inner oneshot cbz. */
async function seriesZip(): Promise<Buffer> {
  const innerExtra = await zipOf([
    ["2.png", pagePng(2)],
    ["1.png", pagePng(1)],
  ]);
  const innerOneshot = await zipOf([
    ["p10.png", pagePng(10)],
    ["p2.png", pagePng(2)],
    ["p1.png", pagePng(1)],
  ]);
  const entries: [string, Uint8Array][] = [
    ["Series/Vol.1 Ch.1 - Khởi đầu/10.png", pagePng(10)],
    ["Series/Vol.1 Ch.1 - Khởi đầu/2.png", pagePng(2)],
    ["Series/Vol.1 Ch.1 - Khởi đầu/1.png", pagePng(1)],
    ...Array.from({ length: 60 }, (_, i): [string, Uint8Array] => [
      `Series/Chapter 2/${i + 1}.png`,
      pagePng(i),
    ]),
    ["Series/c002.5 (v01) (Ngoại truyện) [Nhóm Lan].zip", innerExtra],
    ["Series/3 - Trở về/a.png", pagePng(3)],
    ["Series/3 - Trở về/b.png", pagePng(4)],
    ["Series/3 - Trở về/c.jpg", new Uint8Array(await gradientJpeg(1500, 9000, 0, 85))],
    ["Series/Oneshot - Mùa hè.cbz", innerOneshot],
    ["Series/readme.txt", new TextEncoder().encode("not a page")],
  ];
  return Buffer.from(await zipOf(entries));
}

async function openPreview(page: Page, comicId: number, zip: Buffer, openLabel: RegExp) {
  await page.goto(`/comics/${comicId}/chapters`);
  await page.getByRole("button", { name: openLabel }).click();
  await page
    .getByTestId("bulk-import-zip-input")
    .setInputFiles({ name: "Series.zip", mimeType: "application/zip", buffer: zip });
}

const shots = process.env.BULK_SCREENSHOTS;

test("imports a zip of five chapters through the preview table", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { context, page, comicId } = await uploaderWithComic(browser, baseURL!);
  const zip = await seriesZip();
  await openPreview(page, comicId, zip, /Nhập nhiều chương/);

  const rows = page.getByTestId("bulk-import-row");
  await expect(rows).toHaveCount(5);
  // Sorted by order: the oneshot first, then 1, 2, 2.5, 3; volumes and titles from the names.
  expect(await values(page, "Số thứ tự")).toEqual(["oneshot", "1", "2", "2.5", "3"]);
  expect(await values(page, "Tập")).toEqual(["", "1", "", "1", ""]);
  expect(await values(page, "Tên chương")).toEqual(["Mùa hè", "Khởi đầu", "", "Ngoại truyện", "Trở về"]);
  await expect(rows.nth(2)).toContainText("60");
  await expect(page.getByText("Bỏ qua 1 tệp không thuộc chương nào")).toBeVisible();
  await expect(page.getByTestId("bulk-import-summary")).toHaveText("5 chương, 71 trang");

  // A duplicate order blocks the start until it is fixed.
  await page.getByRole("textbox", { name: "Số thứ tự 3 - Trở về" }).fill("2");
  await expect(rows.nth(2).locator('[data-warning="duplicateOrder"]')).toHaveText("Trùng số thứ tự");
  await expect(page.getByRole("button", { name: "Bắt đầu nhập" })).toBeDisabled();
  await page.getByRole("textbox", { name: "Số thứ tự 3 - Trở về" }).fill("3");
  await page.getByRole("textbox", { name: "Tên chương Chapter 2" }).fill("Gió mùa");
  if (shots) await page.screenshot({ path: path.join(shots, "bulk-preview-vi.png") });

  // The strip of chapter 3 is cut into 3 pages (the team's default is off; ticked for this import).
  await page.getByRole("switch", { name: "Cắt trang quá dài" }).click();
  // The preview then counts pages after splitting, from the image headers: the strip is 3 pages.
  await expect(page.getByTestId("bulk-import-summary")).toHaveText("5 chương, 73 trang");
  await expect(rows.nth(4)).toContainText("5");
  await expect(page.getByTestId("bulk-import-split-note")).toContainText("Số trang đã gồm các trang cắt ra");
  await page.getByRole("combobox", { name: "Sau khi tải lên" }).click();
  await page.getByRole("option", { name: "Đăng tất cả" }).click();
  await page.getByRole("button", { name: "Bắt đầu nhập" }).click();
  // Before publishing, the stored chapters' page checks are read: these 24 px pages are too narrow
  // (and pages 1 and 2 repeat across chapters), so the import asks once, each flagged chapter
  // with a link to open it; nothing is published until the answer.
  await expect(page.getByTestId("bulk-import-review")).toHaveText(
    "Kiểm tra trang còn mục chưa xử lý ở 5 chương. Mở chương để xem, rồi vẫn đăng hoặc giữ làm bản nháp.",
    { timeout: 180_000 },
  );
  await expect(page.getByTestId("bulk-import-warnings")).toHaveCount(5);
  await expect(page.getByTestId("bulk-import-warnings").first().getByRole("link")).toHaveAttribute(
    "href",
    new RegExp(`^/comics/${comicId}/chapters/\\d+$`),
  );
  if (shots) {
    await page.screenshot({ path: path.join(shots, "bulk-review-vi.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(shots, "bulk-review-vi-phone.png") });
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  await page.getByRole("button", { name: "Vẫn đăng", exact: true }).click();
  await expect(page.getByTestId("bulk-import-done")).toHaveText("Đã nhập xong 5 chương.", {
    timeout: 60_000,
  });
  await expect(page.getByTestId("bulk-import-overall")).toHaveText("Tiến độ chung: 73/73 trang");
  if (shots) await page.screenshot({ path: path.join(shots, "bulk-done-vi.png") });

  const list = await context.request.get(`/api/chapters/comic/${comicId}?sort=asc`);
  const chapters = (await list.json()) as StoredChapter[];
  expect(chapters.map((c) => [c.order, c.volume, c.name, c.pageCount, c.status])).toEqual([
    [-1, null, "Mùa hè", 3, "published"],
    [1, 1, "Khởi đầu", 3, "published"],
    [2, null, "Gió mùa", 60, "published"],
    [2.5, 1, "Ngoại truyện", 2, "published"],
    [3, null, "Trở về", 5, "published"],
  ]);
  const names = async (id: number) => {
    const detail = (await (await context.request.get(`/api/chapters/${id}`)).json()) as StoredChapter;
    return detail.pages.filter((p) => !p.staged).map((p) => (p.clientId ?? "").split("|")[0]);
  };
  const [oneshot, first, second, extra, third] = chapters.map((c) => c.id) as number[];
  const inner = "Series/Oneshot - Mùa hè.cbz";
  expect(await names(oneshot!)).toEqual([`${inner}/p1.png`, `${inner}/p2.png`, `${inner}/p10.png`]);
  expect(await names(first!)).toEqual(
    ["1.png", "2.png", "10.png"].map((n) => `Series/Vol.1 Ch.1 - Khởi đầu/${n}`),
  );
  expect(await names(second!)).toEqual(Array.from({ length: 60 }, (_, i) => `Series/Chapter 2/${i + 1}.png`));
  expect(await names(extra!)).toEqual(
    ["1.png", "2.png"].map((n) => `Series/c002.5 (v01) (Ngoại truyện) [Nhóm Lan].zip/${n}`),
  );
  expect(await names(third!)).toEqual([
    "Series/3 - Trở về/a.png",
    "Series/3 - Trở về/b.png",
    "c_1.jpg",
    "c_2.jpg",
    "c_3.jpg",
  ]);

  // The same zip again: every order is now an existing chapter, so nothing can start.
  await page.getByRole("button", { name: "Chọn lại" }).click();
  await page
    .getByTestId("bulk-import-zip-input")
    .setInputFiles({ name: "Series.zip", mimeType: "application/zip", buffer: zip });
  await expect(page.locator('[data-warning="existingChapter"]')).toHaveCount(5);
  await expect(page.getByRole("button", { name: "Bắt đầu nhập" })).toBeDisabled();

  if (shots) {
    const other = await uploaderWithComic(browser, baseURL!);
    await other.page.evaluate(() => window.localStorage.setItem("vt-language", "en"));
    await openPreview(other.page, other.comicId, zip, /Import many chapters/);
    await expect(other.page.getByTestId("bulk-import-row")).toHaveCount(5);
    await other.page.getByRole("textbox", { name: "Order 3 - Trở về" }).fill("2");
    await other.page.screenshot({ path: path.join(shots, "bulk-preview-en.png") });
    await other.context.close();
  }
  await context.close();
});

test("continues a draft left by a closed tab: stored pages are skipped", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page, comicId } = await uploaderWithComic(browser, baseURL!);
  const bytes = [pagePng(1), pagePng(2), pagePng(3)];
  const zip = Buffer.from(
    await zipOf([
      ...bytes.map((b, i): [string, Uint8Array] => [`Tập truyện/Chương 1/${i + 1}.png`, b]),
      ["Tập truyện/Chương 2/1.png", pagePng(4)],
    ]),
  );
  // The earlier run: chapter 1's draft with its second page stored, under the id the dashboard gives it.
  const headers = { "x-app-origin": baseURL! };
  const draft = await context.request.post("/api/chapters", {
    headers,
    data: { comicId, order: 1, name: "", publishAt: null },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const draftId = (await draft.json()).id as number;
  const sha = new Uint8Array(createHash("sha256").update(bytes[1]!).digest());
  const clientId = pageClientId("Tập truyện/Chương 1/2.png", bytes[1]!.byteLength, sha);
  const staged = await context.request.post(`/api/chapters/${draftId}/pages`, {
    headers,
    multipart: {
      clientIds: JSON.stringify([clientId]),
      files: { name: "2.png", mimeType: "image/png", buffer: Buffer.from(bytes[1]!) },
    },
  });
  expect(staged.ok(), await staged.text()).toBe(true);
  const stagedId = (await staged.json()).pages[0].id as number;

  await openPreview(page, comicId, zip, /Nhập nhiều chương/);
  const rows = page.getByTestId("bulk-import-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('[data-warning="resumeDraft"]')).toHaveText("Tiếp tục bản nháp");
  await page.getByRole("button", { name: "Bắt đầu nhập" }).click();
  await expect(page.getByTestId("bulk-import-done")).toHaveText("Đã nhập xong 2 chương.", {
    timeout: 90_000,
  });
  await expect(page.getByTestId("bulk-import-progress-row").first()).toContainText("Đã lưu bản nháp");

  const chapters = (await (
    await context.request.get(`/api/chapters/comic/${comicId}?sort=asc`)
  ).json()) as StoredChapter[];
  expect(chapters.map((c) => [c.id === draftId, c.order, c.pageCount, c.status])).toEqual([
    [true, 1, 3, "draft"],
    [false, 2, 1, "draft"],
  ]);
  const detail = (await (await context.request.get(`/api/chapters/${draftId}`)).json()) as StoredChapter;
  const saved = detail.pages.filter((p) => !p.staged);
  expect(saved.map((p) => (p.clientId ?? "").split("|")[0])).toEqual(
    [1, 2, 3].map((n) => `Tập truyện/Chương 1/${n}.png`),
  );
  // The page stored before was kept, not sent again.
  expect(saved[1]!.id).toBe(stagedId);
  await context.close();
});

test("schedules the chapters a fixed interval apart once all are stored", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page, comicId } = await uploaderWithComic(browser, baseURL!);
  const zip = Buffer.from(
    await zipOf([
      ["Chương 4/1.png", pagePng(1)],
      ["Chương 5/1.png", pagePng(2)],
      ["Chương 6/1.png", pagePng(3)],
    ]),
  );
  await openPreview(page, comicId, zip, /Nhập nhiều chương/);
  await expect(page.getByTestId("bulk-import-row")).toHaveCount(3);
  await page.getByRole("combobox", { name: "Sau khi tải lên" }).click();
  await page.getByRole("option", { name: "Hẹn đăng cách nhau" }).click();
  await page.getByLabel("Số giờ giữa hai chương").fill("0");
  await expect(page.getByText("Nhập số giờ từ 1 đến 720")).toBeVisible();
  await expect(page.getByRole("button", { name: "Bắt đầu nhập" })).toBeDisabled();
  await page.getByLabel("Số giờ giữa hai chương").fill("24");
  const started = Date.now();
  await page.getByRole("button", { name: "Bắt đầu nhập" }).click();
  await finishImport(page, "Đã nhập xong 3 chương.", 90_000);
  await expect(page.locator('[data-status="scheduled"]')).toHaveCount(2);

  const chapters = (await (
    await context.request.get(`/api/chapters/comic/${comicId}?sort=asc`)
  ).json()) as StoredChapter[];
  expect(chapters.map((c) => [c.order, c.state])).toEqual([
    [4, "visible"],
    [5, "scheduled"],
    [6, "scheduled"],
  ]);
  const hour = 3_600_000;
  for (const [i, c] of chapters.slice(1).entries()) {
    expect(c.publishAt).toBeGreaterThanOrEqual(started + (i + 1) * 24 * hour);
    expect(c.publishAt).toBeLessThan(Date.now() + (i + 1) * 24 * hour);
  }
  await context.close();
});

test("refuses a zip with a traversal name, with a translated message", async ({ browser, baseURL }) => {
  const { context, page, comicId } = await uploaderWithComic(browser, baseURL!);
  const evil = Buffer.from(
    await zipOf([
      ["Chapter 1/1.png", pagePng(1)],
      ["../evil/2.png", pagePng(2)],
    ]),
  );
  await openPreview(page, comicId, evil, /Nhập nhiều chương/);
  await expect(page.getByRole("alert")).toHaveText("Tệp nén có tên mục không an toàn: ../evil/2.png");
  await expect(page.getByTestId("bulk-import-row")).toHaveCount(0);
  const list = await context.request.get(`/api/chapters/comic/${comicId}?sort=asc`);
  expect(await list.json()).toEqual([]);
  await context.close();
});
