/**
 * A platform admin made by ADMIN_EMAILS (docs/identity.md, "Platform admins") sees the admin area
 * as soon as the address is proven (no second sign-in), and a direct merge (not through a request)
 * lands on the target without an error: the merged-away source is never fetched again.
 */
import { expect, test } from "@playwright/test";
import { MERGE_ADMIN_EMAIL as ADMIN_EMAIL } from "../playwright.config";
import { gradientPng } from "./image-pipeline/images";
import { PASSWORD, unique, verifyEmailByMail } from "./support/fixtures";

test("an ADMIN_EMAILS admin merges a comic directly and lands on the target without an error", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = unique();
  const headers = { "x-app-origin": baseURL! };
  const context = await browser.newContext({ baseURL, locale: "vi-VN" });
  const signUp = await context.request.post("/auth/sign-up/email", {
    headers: { origin: baseURL! },
    data: { name: "Quản Trị Gộp", email: ADMIN_EMAIL, password: PASSWORD },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const page = await context.newPage();
  await page.goto("/");
  await page.waitForURL((url) => url.pathname === "/");
  // Not an admin yet (the address is not proven): no admin entry.
  await expect(page.getByRole("link", { name: "Quản trị" })).toHaveCount(0);
  await verifyEmailByMail(page, ADMIN_EMAIL);
  // Proven: the admin entry shows in this same session.
  await expect(page.getByRole("link", { name: "Quản trị" })).toBeVisible();

  const team = await context.request.post("/api/teams", { headers, data: { name: `Nhóm Gộp ${stamp}` } });
  expect(team.ok(), await team.text()).toBe(true);
  const teamId = (await team.json()).id as number;
  const comicOf = async (title: string) => {
    const cover = await context.request.post("/api/comics/covers", {
      headers,
      multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: await gradientPng(600, 800) } },
    });
    expect(cover.ok(), await cover.text()).toBe(true);
    const comic = await context.request.post("/api/comics", {
      headers,
      data: { teamId, title, thumbnail: (await cover.json()).key },
    });
    expect(comic.ok(), await comic.text()).toBe(true);
    return (await comic.json()).id as number;
  };
  const source = await comicOf(`Mây Trôi ${stamp}`);
  const targetTitle = `Mây Trôi Trọn Bộ ${stamp}`;
  const target = await comicOf(targetTitle);

  await page.goto(`/comics/${source}`);
  await page.getByRole("button", { name: "Gộp truyện" }).click();
  const dialog = page.getByRole("dialog", { name: "Gộp truyện" });
  await dialog.getByRole("searchbox", { name: "Truyện đích" }).fill(`may troi tron bo ${stamp}`);
  await dialog.getByRole("radio", { name: new RegExp(targetTitle) }).click();
  // From the merge on, the source is gone: nothing may ask for it again.
  const sourceCalls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith(`/api/comics/${source}`)) sourceCalls.push(request.url());
  });
  const merged = page.waitForResponse((r) => r.url().endsWith("/api/comics/merge"));
  await dialog.getByRole("button", { name: "Gộp truyện" }).click();
  expect((await merged).status()).toBe(200);
  await page.getByRole("alertdialog").getByRole("button", { name: "Xác nhận" }).click();

  await expect(page).toHaveURL(new RegExp(`/comics/${target}$`));
  await expect(page.getByRole("heading", { level: 1, name: targetTitle })).toBeVisible();
  expect(sourceCalls).toEqual([]);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Không tìm thấy dữ liệu" })).toHaveCount(
    0,
  );
  await context.close();
});
