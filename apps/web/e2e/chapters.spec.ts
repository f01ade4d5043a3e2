import { readFileSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { decodeRgb, gradientPng, meanAbsDiff } from "./image-pipeline/images";
import { readZip } from "./image-pipeline/read-zip";
import { publishChapter, signUp, unique } from "./support/fixtures";

type StoredChapter = {
  id: number;
  status: string;
  state: string;
  pages: {
    id: number;
    url: string;
    key?: string;
    src?: string;
    clientId?: string | null;
    staged?: boolean;
  }[];
};

/**
 * An uploader with a team and a comic, all made through the API (the comics and teams specs cover
 * their screens), signed in in a browser context of their own.
 */
async function uploaderWithComic(browser: Browser, baseURL: string) {
  const stamp = unique();
  const { context, page } = await signUp(browser, baseURL, "Lan Anh", "/teams");
  await expect(page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible();
  const headers = { "x-app-origin": baseURL };
  const team = await context.request.post("/api/teams", { headers, data: { name: `Nhóm Lan ${stamp}` } });
  expect(team.ok(), await team.text()).toBe(true);
  const teamId = (await team.json()).id as number;
  const cover = await context.request.post("/api/comics/covers", {
    headers,
    multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: await gradientPng(600, 800) } },
  });
  expect(cover.ok(), await cover.text()).toBe(true);
  const comic = await context.request.post("/api/comics", {
    headers,
    data: { teamId, title: `Hoa Lan Trong Gió ${stamp}`, thumbnail: (await cover.json()).key },
  });
  expect(comic.ok(), await comic.text()).toBe(true);
  const comicId = (await comic.json()).id as number;
  return { context, page, headers, comicId, request: context.request };
}

async function getChapter(request: APIRequestContext, id: number): Promise<StoredChapter> {
  const res = await request.get(`/api/chapters/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** The uploaded file names of the chapter's saved pages, in reading order (from their clientIds). */
const pageNames = (chapter: StoredChapter) =>
  chapter.pages.filter((p) => !p.staged).map((p) => (p.clientId ?? "").split("|")[0]);

const chapterIdFromUrl = (page: Page) => Number(/\/chapters\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test("12 pages dropped in shuffled order are saved in natural order; a page dragged elsewhere stays there after a reload", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { page, comicId, request } = await uploaderWithComic(browser, baseURL!);
  await page.goto(`/comics/${comicId}/chapters`);
  await expect(page.getByText("Chưa có chương nào")).toBeVisible();
  await page.getByRole("link", { name: "Thêm chương" }).click();
  await expect(page).toHaveURL(/\/chapters\/new$/);
  await page.getByLabel("Tên chương").fill("Khởi đầu");

  // Distinct images named 1.png..12.png, handed over shuffled.
  const names = Array.from({ length: 12 }, (_, i) => `${i + 1}.png`);
  const shuffled = [7, 12, 1, 10, 3, 2, 11, 5, 9, 4, 8, 6].map((n) => names[n - 1]!);
  const files = await Promise.all(
    shuffled.map(async (name) => ({
      name,
      mimeType: "image/png",
      buffer: await gradientPng(300, 450, Number.parseInt(name, 10)),
    })),
  );
  await page.getByTestId("page-files-input").setInputFiles(files);

  // The draft is created with the first drop; every page is processed, uploaded and stored.
  await expect(page).toHaveURL(/\/chapters\/\d+$/);
  const chapterId = chapterIdFromUrl(page);
  await expect(page.getByText("Đã lưu 12/12 trang")).toBeVisible({ timeout: 60_000 });
  const tiles = page
    .getByRole("list", { name: "Các trang của chương, kéo để sắp xếp lại" })
    .getByRole("listitem");
  await expect(tiles).toHaveCount(12);
  const shownNames = () => tiles.evaluateAll((els) => els.map((el) => el.getAttribute("data-page-name")));
  await expect.poll(shownNames).toEqual(names);

  await publishChapter(page);
  const published = await getChapter(request, chapterId);
  expect(published.status).toBe("published");
  expect(pageNames(published)).toEqual(names);

  // Keyboard drag (dnd-kit): page 1 picked up, moved one place right, dropped, saved.
  const handle = page.getByRole("button", { name: "Kéo để di chuyển trang 1", exact: true });
  await handle.focus();
  await page.keyboard.press("Space");
  // The screen-reader announcements say what happens at each step.
  await expect(page.getByText("Trang 1 đang ở vị trí 1.")).toBeAttached();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("Trang 1 đang ở vị trí 2.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect(page.getByText("Đã chuyển trang 1 tới vị trí 2.")).toBeAttached();
  const moved = ["2.png", "1.png", ...names.slice(2)];
  await expect.poll(shownNames).toEqual(moved);
  await page.getByRole("button", { name: "Lưu chương" }).click();
  await expect(toast(page, "Cập nhật thành công")).toBeVisible();

  await page.reload();
  await expect(tiles).toHaveCount(12);
  await expect.poll(shownNames).toEqual(moved);
  expect(pageNames(await getChapter(request, chapterId))).toEqual(moved);

  // The list labels it by the rule of docs/dashboard.md, "Chapter label".
  await page.goto(`/comics/${comicId}/chapters`);
  await expect(page.getByRole("link", { name: "Chương 1 - Khởi đầu" })).toBeVisible();

  // Quick volume update for a range, after a confirmation, in one call.
  await page.getByRole("button", { name: "Cập nhật tập nhanh" }).click();
  const dialog = page.getByRole("dialog", { name: "Cập nhật tập cho nhiều chương" });
  await dialog.getByLabel("Tập", { exact: true }).fill("2");
  await dialog.getByLabel("Từ chương").fill("1");
  await dialog.getByLabel("Đến chương").fill("1");
  await dialog.getByRole("button", { name: "Cập nhật" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("Các chương từ 1 đến 1 sẽ được chuyển sang tập 2.")).toBeVisible();
  await confirm.getByRole("button", { name: "Xác nhận" }).click();
  await expect(toast(page, "Đã cập nhật 1 chương")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Chương 1 - Khởi đầu" });
  await expect(row.getByRole("cell").nth(1)).toHaveText("2");
  expect((await (await request.get(`/api/chapters/${chapterId}`)).json()).volume).toBe(2);
});

test("a scrambled chapter downloads as a zip whose pages match the originals within JPEG tolerance", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { page, comicId, request } = await uploaderWithComic(browser, baseURL!);
  // A browser without the File System Access API (the save picker cannot be driven by a test): the
  // zip is streamed to the download through the download service worker.
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  const originals = [await gradientPng(1300, 1900, 1), await gradientPng(1300, 1700, 2)];

  await page.goto(`/comics/${comicId}/chapters/new`);
  await page.getByLabel("Số thứ tự", { exact: true }).fill("2");
  await page.getByRole("button", { name: /Cấu hình nâng cao/ }).click();
  await page.getByRole("switch", { name: "Tải lên xáo trộn" }).click();
  await page
    .getByTestId("page-files-input")
    .setInputFiles(originals.map((buffer, i) => ({ name: `${i + 1}.png`, mimeType: "image/png", buffer })));
  await expect(page).toHaveURL(/\/chapters\/\d+$/);
  const chapterId = chapterIdFromUrl(page);
  await expect(page.getByText("Đã lưu 2/2 trang")).toBeVisible({ timeout: 60_000 });
  await publishChapter(page);

  // Stored scrambled: each page has a key and is not the original picture.
  const stored = await getChapter(request, chapterId);
  expect(stored.pages).toHaveLength(2);
  for (const p of stored.pages) expect(p.key).toMatch(/^.{4}H[1-9A-HJ-NP-Za-km-z]+$/);
  const scrambledBytes = await (
    await request.get(stored.pages[0]!.src ?? `/files/${stored.pages[0]!.url}`)
  ).body();
  const scrambled = await decodeRgb(scrambledBytes);
  expect(scrambled.height).toBe(1900 + 9 * 4);
  // Reopened, the editor's thumbnails are rebuilt in the browser rather than shown scrambled.
  await page.reload();
  const grid = page.getByRole("list", { name: "Các trang của chương, kéo để sắp xếp lại" });
  await grid.scrollIntoViewIfNeeded();
  const thumbs = grid.getByRole("img");
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.first()).toHaveAttribute("src", /^blob:/);

  await page.goto(`/comics/${comicId}/chapters`);
  await page.getByRole("button", { name: "Thao tác với Chương 2" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Tải xuống" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Chương 2.zip");
  expect(new URL(download.url()).pathname).toMatch(/^\/download\/[\w-]+$/);
  const entries = readZip(readFileSync((await download.path())!));
  expect(entries.map((e) => e.name)).toEqual(["1.jpg", "2.jpg"]);
  for (const [i, entry] of entries.entries()) {
    const got = await decodeRgb(entry.data);
    const want = await decodeRgb(originals[i]!);
    expect([got.width, got.height]).toEqual([want.width, want.height]);
    // Two JPEG encodes (q0.9 scrambled, q0.95 download) of smooth content: a few levels at most,
    // while a strip in the wrong place differs by tens.
    expect(meanAbsDiff(got, want)).toBeLessThan(4);
  }
  await expect(toast(page, "Đã tải xuống Chương 2.zip")).toBeVisible();

  // The reader preview rebuilds the scrambled pages in the browser.
  await page.getByRole("button", { name: "Thao tác với Chương 2" }).click();
  await page.getByRole("menuitem", { name: "Xem" }).click();
  const preview = page.getByTestId("chapter-preview").getByRole("img");
  await expect(preview).toHaveCount(2);
  await expect(preview.first()).toHaveAttribute("src", /^blob:/);
  const shown = await preview
    .first()
    .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalHeight));
  expect(shown).toBe(1900);
  expect(await sharp(originals[0]!).metadata()).toMatchObject({ width: 1300 });
});

test("a scheduled chapter is shown as scheduled; a date in the past is refused", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { page, comicId, request } = await uploaderWithComic(browser, baseURL!);
  await page.goto(`/comics/${comicId}/chapters/new`);
  await page.getByLabel("Số thứ tự", { exact: true }).fill("12.5");
  await page.getByLabel("Tên chương").fill("Ngoại truyện");
  // The schedule is typed as the dashboard writes dates: dd/mm/yyyy hh:mm, local time.
  const pad = (n: number) => String(n).padStart(2, "0");
  const local = (d: Date) =>
    `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  await page.getByLabel("Hẹn giờ đăng").fill(local(new Date(Date.now() - 3_600_000)));
  await page.getByTestId("page-files-input").setInputFiles({
    name: "1.png",
    mimeType: "image/png",
    buffer: await gradientPng(200, 300),
  });
  await expect(page.getByText("Thời gian hẹn đăng phải sau thời điểm hiện tại")).toBeVisible();
  await expect(page).toHaveURL(/\/chapters\/new$/);

  const future = new Date(Date.now() + 3 * 24 * 3_600_000);
  await page.getByLabel("Hẹn giờ đăng").fill(local(future));
  await page.getByTestId("page-files-input").setInputFiles({
    name: "1.png",
    mimeType: "image/png",
    buffer: await gradientPng(200, 300),
  });
  await expect(page).toHaveURL(/\/chapters\/\d+$/);
  const chapterId = chapterIdFromUrl(page);
  await expect(page.getByText("Đã lưu 1/1 trang")).toBeVisible({ timeout: 30_000 });
  await publishChapter(page, "Đã hẹn đăng chương");
  expect((await getChapter(request, chapterId)).state).toBe("scheduled");

  await page.goto(`/comics/${comicId}/chapters`);
  const row = page.getByRole("row").filter({ hasText: "Chương 12.5 - Ngoại truyện" });
  await expect(row.locator("[data-state=scheduled]:visible")).toHaveText(
    new RegExp(`^Hẹn đăng .*${future.getFullYear()}`),
  );
});

test("a chapter with no pages cannot be saved or downloaded", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { page, comicId, request, headers } = await uploaderWithComic(browser, baseURL!);
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });

  // The form refuses to publish or save without pages, and creates nothing.
  await page.goto(`/comics/${comicId}/chapters/new`);
  await page.getByRole("button", { name: "Đăng chương" }).click();
  await expect(page.getByText("Phải tải lên ít nhất 1 trang")).toBeVisible();
  await page.getByRole("button", { name: "Lưu chương" }).click();
  await expect(page).toHaveURL(/\/chapters\/new$/);
  const none = await request.get(`/api/chapters/comic/${comicId}`);
  expect(await none.json()).toEqual([]);

  // An empty draft (left behind, e.g. by a closed tab) cannot be downloaded.
  const draft = await request.post("/api/chapters", { headers, data: { comicId, order: 4 } });
  expect(draft.ok(), await draft.text()).toBe(true);
  await page.goto(`/comics/${comicId}/chapters`);
  const row = page.getByRole("row").filter({ hasText: "Chương 4" });
  await expect(row.locator("[data-state=draft]:visible")).toBeVisible();
  await page.getByRole("button", { name: "Thao tác với Chương 4" }).click();
  await page.getByRole("menuitem", { name: "Tải xuống" }).click();
  await expect(toast(page, "Chương không có trang nào")).toBeVisible();

  // Delete, after a confirmation that says the chapter goes to the trash for 30 days.
  await page.getByRole("button", { name: "Thao tác với Chương 4" }).click();
  await page.getByRole("menuitem", { name: "Xóa" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(
    confirm.getByText("chuyển vào thùng rác, khôi phục được trong 30 ngày", { exact: false }),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Xóa chương" }).click();
  await expect(toast(page, "Xóa thành công")).toBeVisible();
  await expect(page.getByText("Chưa có chương nào")).toBeVisible();
  expect((await request.get(`/api/chapters/${(await draft.json()).id}`)).status()).toBe(404);
});

test("an upload cut off mid-way leaves a draft that resumes: stored pages shown, the rest re-added, stored files skipped", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { context, page, comicId, request } = await uploaderWithComic(browser, baseURL!);
  const names = Array.from({ length: 8 }, (_, i) => `${i + 1}.png`);
  const files = await Promise.all(
    names.map(async (name, i) => ({
      name,
      mimeType: "image/png",
      buffer: await gradientPng(240, 360, i + 20),
    })),
  );
  await page.goto(`/comics/${comicId}/chapters/new`);
  await page.getByLabel("Số thứ tự", { exact: true }).fill("6");
  // The connection drops once four pages have gone through. Pages travel several per request, so
  // a request that would carry the count past four is cut, and so is every one after it.
  let room = 4;
  let stored = 0;
  await page.route("**/api/chapters/*/pages", (route) => {
    const pagesInRequest =
      (route.request().postDataBuffer()?.toString("latin1") ?? "").split('name="files"').length - 1;
    if (pagesInRequest > 0 && pagesInRequest <= room) {
      room -= pagesInRequest;
      stored += pagesInRequest;
      return route.continue();
    }
    room = 0;
    return route.abort();
  });
  await page.getByTestId("page-files-input").setInputFiles(files);
  await expect(page).toHaveURL(/\/chapters\/\d+$/);
  const chapterId = chapterIdFromUrl(page);
  const tiles = page
    .getByRole("list", { name: "Các trang của chương, kéo để sắp xếp lại" })
    .getByRole("listitem");
  const settled = tiles.and(page.locator("[data-state=done], [data-state=error]"));
  await expect(settled).toHaveCount(8, { timeout: 30_000 });
  // The first page goes alone, so at least one page is stored, and never more than four.
  expect(stored).toBeGreaterThanOrEqual(1);
  expect(stored).toBeLessThanOrEqual(4);
  await expect(tiles.and(page.locator("[data-state=error]"))).toHaveCount(8 - stored);
  await expect(page.getByText(`Đã lưu ${stored}/8 trang`)).toBeVisible();
  // Nothing can be published half-uploaded.
  await expect(page.getByRole("button", { name: "Đăng chương" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Lưu chương" })).toBeDisabled();

  // The tab is closed; the draft is reopened later.
  await page.close();
  const again = await context.newPage();
  await again.goto(`/comics/${comicId}/chapters/${chapterId}`);
  await expect(
    again.getByText(`Còn ${8 - stored} tệp chưa tải lên lần trước`, { exact: false }),
  ).toBeVisible();
  const reopened = again
    .getByRole("list", { name: "Các trang của chương, kéo để sắp xếp lại" })
    .getByRole("listitem");
  await expect(reopened).toHaveCount(stored);
  expect((await getChapter(request, chapterId)).status).toBe("draft");

  // The same folder again: stored files are skipped, the rest upload.
  await again.getByTestId("page-files-input").setInputFiles(files);
  await expect(toast(again, `Bỏ qua ${stored} tệp đã lưu trước đó`)).toBeVisible();
  await expect(again.getByText("Đã lưu 8/8 trang")).toBeVisible({ timeout: 30_000 });
  await again.getByRole("button", { name: "Xếp lại theo tên tệp" }).click();
  await publishChapter(again);
  const published = await getChapter(request, chapterId);
  expect(published.status).toBe("published");
  expect(pageNames(published)).toEqual(names);
});
