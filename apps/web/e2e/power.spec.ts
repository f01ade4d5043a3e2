/**
 * Power tools (docs/bulk-import.md) in Chromium against the real server: API tokens made in the
 * dashboard and used by a tool (plain fetch, Bearer, no cookie), their last use shown, revoked with
 * a confirmation, then refused.
 */
import { type Browser, expect, test } from "@playwright/test";
import { gradientPng } from "./image-pipeline/images";
import { signUp, unique } from "./support/fixtures";

/** An uploader with a team and a comic, made through the API, signed in in their own context. */
async function uploaderWithComic(browser: Browser, baseURL: string) {
  const stamp = unique();
  const { context, page } = await signUp(browser, baseURL, "Minh Khang", "/teams");
  await expect(page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible({ timeout: 30_000 });
  const headers = { "x-app-origin": baseURL };
  const teamName = `Nhóm Khang ${stamp}`;
  const team = await context.request.post("/api/teams", { headers, data: { name: teamName } });
  expect(team.ok(), await team.text()).toBe(true);
  const teamId = (await team.json()).id as number;
  const cover = await context.request.post("/api/comics/covers", {
    headers,
    multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: await gradientPng(600, 800) } },
  });
  expect(cover.ok(), await cover.text()).toBe(true);
  const comic = await context.request.post("/api/comics", {
    headers,
    data: { teamId, title: `Sông Dài ${stamp}`, thumbnail: (await cover.json()).key },
  });
  expect(comic.ok(), await comic.text()).toBe(true);
  return { context, page, headers, teamId, teamName, comicId: (await comic.json()).id as number };
}

test("a token created in the dashboard uploads a chapter page with fetch, shows its last use, and answers 401 once revoked", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { context, page, headers, teamName, comicId } = await uploaderWithComic(browser, baseURL!);
  const draft = await context.request.post("/api/chapters", {
    headers,
    data: { comicId, name: "Mở đầu", order: 1 },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const chapterId = (await draft.json()).id as number;

  // Create the token from the user menu's page.
  await page.getByRole("button", { name: "Mở menu tài khoản" }).click();
  await page.getByRole("menuitem", { name: "Mã truy cập API" }).click();
  await expect(page).toHaveURL(/\/tokens$/);
  await expect(page.getByText("Chưa có mã nào")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Tạo mã mới" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Tạo mã" }).click();
  await expect(dialog.getByText("Tên mã là bắt buộc")).toBeVisible();
  await dialog.getByLabel("Tên mã").fill("Máy ở nhà");
  await dialog.getByLabel("Nhóm").click();
  await page.getByRole("option", { name: teamName }).click();
  await dialog.getByRole("button", { name: "Tạo mã" }).click();

  // Shown once.
  const secretField = page.getByRole("dialog").getByLabel("Mã truy cập");
  await expect(secretField).toHaveValue(/^vts_/);
  const secret = await secretField.inputValue();
  await page.getByRole("button", { name: "Tôi đã lưu mã" }).click();
  const row = page.getByRole("row").filter({ hasText: "Máy ở nhà" });
  await expect(row).toContainText(teamName);
  await expect(row).toContainText("Đọc và đăng");
  await expect(row.getByTestId("token-last-used")).toHaveText("Chưa dùng");
  await expect(page.getByText(secret)).toHaveCount(0);
  // Screenshots for the report (test-results/): desktop and phone, Vietnamese.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: test.info().outputPath("tokens-vi-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("tokens-vi-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // A tool: plain fetch from Node, no cookie, no x-app-origin.
  const form = new FormData();
  form.append("clientIds", JSON.stringify(["1.png|tool"]));
  form.append(
    "files",
    new Blob([new Uint8Array(await gradientPng(800, 1200, 3))], { type: "image/png" }),
    "1.png",
  );
  const upload = await fetch(`${baseURL}/api/chapters/${chapterId}/pages`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  const stored = await (
    await fetch(`${baseURL}/api/chapters/${chapterId}`, {
      headers: { authorization: `Bearer ${secret}` },
    })
  ).json();
  expect(stored.pages.map((p: { clientId: string }) => p.clientId)).toEqual(["1.png|tool"]);

  await page.reload();
  await expect(row.getByTestId("token-last-used")).not.toHaveText("Chưa dùng", { timeout: 30_000 });

  // Revoke, with the confirmation.
  await row.getByRole("button", { name: "Thu hồi" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Thu hồi mã “Máy ở nhà”?");
  await confirm.getByRole("button", { name: "Thu hồi" }).click();
  await expect(row).toContainText("Đã thu hồi");
  const refused = await fetch(`${baseURL}/api/chapters/${chapterId}`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status).toBe(401);
  await context.close();
});

test("a team's publish delay and tall-strip default set on its info page preset a new chapter's scheduled date and page-drop option in the editor, which stay editable", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { context, page, teamId, comicId } = await uploaderWithComic(browser, baseURL!);
  await page.goto(`/teams/${teamId}/info`);
  const delay = page.getByLabel("Đăng sau khi tải lên (giờ)");
  await expect(delay).toHaveValue("0", { timeout: 30_000 });
  await delay.fill("-3");
  await page.getByRole("button", { name: "Lưu lịch đăng" }).click();
  await expect(page.getByText("Nhập số giờ nguyên từ 0 đến 720")).toBeVisible();
  await delay.fill("2");
  // The tall-strip default is saved with it.
  const split = page.getByRole("switch", { name: "Cắt trang quá dài" });
  await expect(split).not.toBeChecked();
  await split.click();
  await page.getByRole("button", { name: "Lưu lịch đăng" }).click();
  await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
  const saved = await context.request.get(`/api/teams/${teamId}/upload-settings`);
  expect(await saved.json()).toMatchObject({ publishDelayHours: 2, splitTallStrips: true });

  await page.goto(`/comics/${comicId}/chapters/new`);
  await expect(page.getByText("Nhóm hẹn đăng sau 2 giờ kể từ khi tải lên")).toBeVisible({ timeout: 30_000 });
  // The page drop's option starts from the team's default and can be turned off for this upload.
  const splitOption = page.getByRole("checkbox", { name: "Cắt trang quá dài" });
  await expect(splitOption).toBeChecked();
  await splitOption.click();
  await expect(splitOption).not.toBeChecked();
  const scheduled = page.getByLabel("Hẹn giờ đăng");
  const value = await scheduled.inputValue();
  // dd/mm/yyyy hh:mm, as every date of the dashboard (not the browser's month-first form).
  const [, d, m, y, h, min] = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(value) ?? [];
  expect(value).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  const at = new Date(Number(y), Number(m) - 1, Number(d), Number(h), Number(min)).getTime();
  // The browser's local time: now + 2 h, within the minute the field shows.
  expect(Math.abs(at - (Date.now() + 2 * 3_600_000))).toBeLessThan(5 * 60_000);
  await scheduled.fill("");
  await expect(scheduled).toHaveValue("");
  await context.close();
});
