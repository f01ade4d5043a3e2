import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { blankPage, comicPage } from "../../api/test/fixtures/pages";
import { type StoredChapter, uploaderWithComic } from "./support/bulk-import";

/**
 * Page checks in the chapter editor (docs/page-checks.md): chapter 12's folder dropped again into
 * a new chapter 13 is "already in chapter 12" before publishing; a chapter with a recap page, a
 * repeated page, a blank page, a double-width page and a 400 px page shows each finding with its
 * thumbnails; keeping the recap page is remembered for the comic (a reload shows it kept);
 * publishing with findings left asks once and publishes. Pages are drawn here (varied drawings, so
 * unrelated pages never look alike). With PAGE_CHECKS_SHOTS set, the panel is photographed in
 * vi and en at desktop and phone width into that folder.
 */

type File = { name: string; mimeType: string; buffer: Buffer };
const png = (name: string, buffer: Buffer): File => ({ name, mimeType: "image/png", buffer });

const panel = (page: Page) => page.getByTestId("page-checks");
const finding = (page: Page, kind: string) => panel(page).locator(`li[data-kind="${kind}"]:not([data-kept])`);
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** Every thumbnail of a finding is a decoded picture. */
async function expectThumbnails(item: Locator, count: number) {
  const images = item.locator("img");
  await expect(images).toHaveCount(count);
  await item.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      images.evaluateAll((els) =>
        els.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true);
}

async function getChapter(request: APIRequestContext, id: number): Promise<StoredChapter> {
  const res = await request.get(`/api/chapters/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** A new chapter `order` named `name`, with `files` dropped into it; waits until every page is stored. */
async function newChapterWith(page: Page, comicId: number, order: string, name: string, files: File[]) {
  await page.goto(`/comics/${comicId}/chapters/new`);
  await page.getByLabel("Số thứ tự", { exact: true }).fill(order);
  await page.getByLabel("Tên chương").fill(name);
  await page.getByTestId("page-files-input").setInputFiles(files);
  await expect(page).toHaveURL(/\/chapters\/\d+$/, { timeout: 60_000 });
  await expect(page.getByText(`Đã lưu ${files.length}/${files.length} trang`)).toBeVisible({
    timeout: 90_000,
  });
  return Number(/\/chapters\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
}

test("a folder uploaded twice, a repeated, blank, double-width and 400 px page are flagged with thumbnails; a kept recap page stays kept", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { page, context, comicId } = await uploaderWithComic(browser, baseURL!);
  const request = context.request;

  // Chapter 12: a recap page (panels) and five pages in two other styles.
  const recap = await comicPage(7001, { style: "panels" });
  const folder12 = [
    png("01.png", recap),
    ...(await Promise.all(
      [2, 3, 4, 5, 6].map(async (n) =>
        png(`0${n}.png`, await comicPage(7000 + n, { style: n % 2 ? "text" : "shapes" })),
      ),
    )),
  ];
  const ch12 = await newChapterWith(page, comicId, "12", "Mưa đầu mùa", folder12);
  await expect(panel(page).getByText("Không thấy vấn đề nào ở 6 trang.")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Đăng chương" }).first().click();
  await expect(toast(page, "Đã đăng chương")).toBeVisible();

  // Chapter 13 gets the same folder by mistake: said before publishing.
  const ch13 = await newChapterWith(page, comicId, "13", "Nắng", folder12);
  const again = finding(page, "otherChapter");
  await expect(again).toHaveCount(1, { timeout: 30_000 });
  await expect(again).toContainText("6 trên 6 trang đã có trong Chương 12 - Mưa đầu mùa");
  await expectThumbnails(again, 6);
  // Publishing asks once; cancelled, nothing is published.
  await page.getByRole("button", { name: "Đăng chương" }).first().click();
  const ask = page.getByRole("alertdialog");
  await expect(ask.getByText("Vẫn đăng chương?")).toBeVisible();
  await expect(ask).toContainText("còn 1 mục chưa xử lý");
  await ask.getByRole("button", { name: "Hủy" }).click();
  await expect(ask).toBeHidden();
  expect((await getChapter(request, ch13)).status).toBe("draft");

  // Chapter 14: the recap page again, page 3 twice, a blank page, a double spread, a 400 px page.
  const repeated = await comicPage(7102, { style: "text" });
  const folder14 = [
    png("01.png", await sharp(recap).jpeg({ quality: 85 }).toBuffer()),
    png("02.png", await comicPage(7101)),
    png("03.png", repeated),
    png("04.png", repeated),
    png("05.png", await blankPage()),
    png("06.png", await comicPage(7106, { width: 1600 })),
    png("07.png", await comicPage(7107, { width: 400, height: 600, style: "text" })),
    png("08.png", await comicPage(7108, { style: "panels" })),
  ];
  const ch14 = await newChapterWith(page, comicId, "14", "Gió", folder14);
  await expect(finding(page, "duplicate")).toContainText("Trang 3, 4 là cùng một hình", { timeout: 30_000 });
  await expectThumbnails(finding(page, "duplicate"), 2);
  await expect(finding(page, "blank")).toContainText("Trang 5 gần như trống");
  await expectThumbnails(finding(page, "blank"), 1);
  // The browser's pipeline stores pages at most 1500 px wide: the 1600 px spread is 1500 px.
  await expect(finding(page, "width")).toContainText(
    "Trang 6 rộng 1500 px, khác hẳn các trang khác (800 px)",
  );
  await expectThumbnails(finding(page, "width"), 1);
  await expect(finding(page, "narrow")).toContainText("Trang 7 chỉ rộng 400 px");
  await expectThumbnails(finding(page, "narrow"), 1);
  // The recap page is in chapters 12 and 13 (of 7 pages compared: a blank page never is).
  const recapIn = finding(page, "otherChapter");
  await expect(recapIn).toHaveCount(2);
  await expect(recapIn.first()).toContainText("1 trên 7 trang đã có trong Chương 12 - Mưa đầu mùa");
  await expect(recapIn.nth(1)).toContainText("1 trên 7 trang đã có trong Chương 13 - Nắng");
  await expectThumbnails(recapIn.first(), 1);

  const shots = process.env.PAGE_CHECKS_SHOTS;
  if (shots) {
    for (const view of [
      { lang: "vi", width: 1366, height: 900, tag: "desktop" },
      { lang: "vi", width: 390, height: 844, tag: "phone" },
      { lang: "en", width: 1366, height: 900, tag: "desktop" },
      { lang: "en", width: 390, height: 844, tag: "phone" },
    ]) {
      await page.setViewportSize({ width: view.width, height: view.height });
      await page.evaluate((lang) => window.localStorage.setItem("vt-language", lang), view.lang);
      await page.reload();
      await expect(panel(page).locator('li[data-kind="narrow"]')).toBeVisible({ timeout: 30_000 });
      await expectThumbnails(panel(page).locator('li[data-kind="duplicate"]'), 2);
      await panel(page).screenshot({ path: `${shots}/page-checks-${view.lang}-${view.tag}.png` });
    }
    await page.evaluate(() => window.localStorage.setItem("vt-language", "vi"));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.reload();
  }

  // Keep the recap page: gone from the open findings of chapter 14 (both chapters), listed as kept.
  await recapIn.first().getByRole("button", { name: "Giữ lại" }).click();
  await expect(finding(page, "otherChapter")).toHaveCount(0);
  await expect(panel(page).getByText("Đã giữ lại (2)")).toBeVisible();
  await page.reload();
  await expect(finding(page, "narrow")).toBeVisible({ timeout: 30_000 });
  await expect(finding(page, "otherChapter")).toHaveCount(0);
  await expect(panel(page).getByText("Đã giữ lại (2)")).toBeVisible();
  // Chapter 13, opened again, sees its copy of the recap page kept too: 5 of 6 left.
  await page.goto(`/comics/${comicId}/chapters/${ch13}`);
  await expect(finding(page, "otherChapter")).toContainText("5 trên 6 trang đã có trong Chương 12", {
    timeout: 30_000,
  });

  // Chapter 14 published with four findings left: asked once, then published.
  await page.goto(`/comics/${comicId}/chapters/${ch14}`);
  await expect(finding(page, "narrow")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Đăng chương" }).first().click();
  await expect(page.getByRole("alertdialog")).toContainText("còn 4 mục chưa xử lý");
  await page.getByRole("alertdialog").getByRole("button", { name: "Vẫn đăng" }).click();
  await expect(toast(page, "Đã đăng chương")).toBeVisible();
  expect((await getChapter(request, ch14)).status).toBe("published");
  expect((await getChapter(request, ch12)).status).toBe("published");
});
