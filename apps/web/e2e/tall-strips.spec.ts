/**
 * Tall strips and thumbnails (docs/bulk-import.md, "Tall strips"): with the team's default on, a
 * 1500x9000 strip dropped into a new chapter shows as 3 tiles before upload and is stored as 3
 * pages of 1500x3000; the stored pages then get their small WebP (`thumbSrc`) from the thumbnail
 * job.
 */
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { gradientJpeg, gradientPng } from "./image-pipeline/images";
import { signUp, unique } from "./support/fixtures";

type StoredPage = { id: number; url: string; src?: string; thumbSrc?: string; clientId?: string | null };

test("a 1500x9000 strip is split into 3 tiles, stored as 3 pages, then thumbnailed", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const stamp = unique();
  const { context, page } = await signUp(browser, baseURL!, "Minh Chau", "/teams");
  await expect(page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible();
  const request = context.request;
  const headers = { "x-app-origin": baseURL! };
  const team = await request.post("/api/teams", { headers, data: { name: `Nhóm Châu ${stamp}` } });
  expect(team.ok(), await team.text()).toBe(true);
  const teamId = (await team.json()).id as number;
  const settings = await request.put(`/api/teams/${teamId}/upload-settings`, {
    headers,
    data: { publishDelayHours: 0, splitTallStrips: true, version: 1 },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const cover = await request.post("/api/comics/covers", {
    headers,
    multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: await gradientPng(600, 800) } },
  });
  expect(cover.ok(), await cover.text()).toBe(true);
  const comic = await request.post("/api/comics", {
    headers,
    data: { teamId, title: `Dải Truyện Dài ${stamp}`, thumbnail: (await cover.json()).key },
  });
  expect(comic.ok(), await comic.text()).toBe(true);
  const comicId = (await comic.json()).id as number;

  await page.goto(`/comics/${comicId}/chapters/new`);
  await page.getByLabel("Tên chương").fill("Dải dài");
  // The team's default presets the option.
  await expect(page.getByRole("checkbox", { name: "Cắt trang quá dài" })).toBeChecked();
  await page.getByTestId("page-files-input").setInputFiles({
    name: "strip.jpg",
    mimeType: "image/jpeg",
    buffer: await gradientJpeg(1500, 9000, 0, 85),
  });

  await expect(page).toHaveURL(/\/chapters\/\d+$/);
  const chapterId = Number(/\/chapters\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
  const tiles = page
    .getByRole("list", { name: "Các trang của chương, kéo để sắp xếp lại" })
    .getByRole("listitem");
  await expect(tiles).toHaveCount(3);
  await expect
    .poll(() => tiles.evaluateAll((els) => els.map((el) => el.getAttribute("data-page-name"))))
    .toEqual(["strip_1.jpg", "strip_2.jpg", "strip_3.jpg"]);
  await expect(page.getByText("Đã lưu 3/3 trang")).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Lưu chương" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Cập nhật thành công" })).toBeVisible();

  const read = async () => {
    const res = await request.get(`/api/chapters/${chapterId}`);
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).pages as StoredPage[];
  };
  const pages = await read();
  expect(pages.map((p) => (p.clientId ?? "").split("|")[0])).toEqual([
    "strip_1.jpg",
    "strip_2.jpg",
    "strip_3.jpg",
  ]);
  for (const p of pages) {
    const bytes = await (await request.get(p.src!)).body();
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1500, 3000]);
  }

  // The thumbnail job gives each stored page a 320 px WebP.
  // Queued behind every upload of the specs before this one when the whole suite runs.
  await expect.poll(async () => (await read()).every((p) => p.thumbSrc), { timeout: 150_000 }).toBe(true);
  const thumb = await sharp(await (await request.get((await read())[0]!.thumbSrc!)).body()).metadata();
  expect([thumb.format, thumb.width]).toEqual(["webp", 320]);
  await context.close();
});
