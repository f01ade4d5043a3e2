import { type Browser, expect as baseExpect, type Page, test } from "@playwright/test";
import { png, signUp, unique } from "./support/fixtures";

// What a real uploader hits in the first hour: errors that look like errors, names
// instead of ids, a session that ends mid-use, and two people editing the same chapter.
test.use({ actionTimeout: 20_000 });
// The server shares the machine with other runs: slow answers are allowed, not timed.
test.setTimeout(150_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** An uploader with a team, a comic and chapter 3, all made through the API. */
async function uploaderWithChapter(browser: Browser, baseURL: string) {
  const stamp = unique();
  const user = await signUp(browser, baseURL, "Bao Ngoc", "/teams");
  await expect(user.page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible();
  const request = user.context.request;
  const headers = { "x-app-origin": baseURL };
  const teamName = `Hoa Sen ${stamp}`;
  const team = await request.post("/api/teams", { headers, data: { name: teamName } });
  expect(team.ok(), await team.text()).toBe(true);
  const teamId = (await team.json()).id as number;
  const cover = await request.post("/api/comics/covers", {
    headers,
    multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: png(600, 800) } },
  });
  expect(cover.ok(), await cover.text()).toBe(true);
  const title = `Gió Qua Vườn ${stamp}`;
  const comic = await request.post("/api/comics", {
    headers,
    data: { teamId, title, thumbnail: (await cover.json()).key },
  });
  expect(comic.ok(), await comic.text()).toBe(true);
  const comicId = (await comic.json()).id as number;
  const chapter = await request.post("/api/chapters", { headers, data: { comicId, order: 3, name: "" } });
  expect(chapter.ok(), await chapter.text()).toBe(true);
  const chapterId = (await chapter.json()).id as number;
  return { ...user, headers, teamId, teamName, comicId, title, chapterId };
}

test("a failing list shows the error state with Retry, never the empty garden; Retry then loads", async ({
  browser,
  baseURL,
}) => {
  const { page, context } = await signUp(browser, baseURL!, "Loi Mang", "/teams");
  await expect(page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible();
  await page.route("**/api/comics?**", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ message: "Máy chủ gặp lỗi, vui lòng thử lại sau", code: "INTERNAL" }),
    }),
  );
  await page.goto("/comics");
  const alert = page.getByRole("alert").filter({ hasText: "Không tải được dữ liệu" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Máy chủ gặp lỗi, vui lòng thử lại sau");
  await expect(page.getByText("Vườn còn trống")).toHaveCount(0);

  // The network comes back: Retry shows the real (empty) list.
  await page.unroute("**/api/comics?**");
  await alert.getByRole("button", { name: "Thử lại" }).click();
  await expect(page.getByText("Vườn còn trống")).toBeVisible();
  await expect(alert).toHaveCount(0);

  // Authors, when the network is down: the translated transport error, not "no authors yet".
  await page.route("**/api/authors?**", (route) => route.abort("connectionrefused"));
  await page.goto("/authors");
  await expect(page.getByRole("alert").filter({ hasText: "Không thể kết nối tới máy chủ" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Chưa có tác giả nào")).toHaveCount(0);
  await context.close();
});

test("breadcrumbs and tab titles name the comic, the chapter and the team, never an id", async ({
  browser,
  baseURL,
}) => {
  const { page, context, comicId, chapterId, title, teamId, teamName } = await uploaderWithChapter(
    browser,
    baseURL!,
  );
  await page.goto(`/comics/${comicId}/chapters/${chapterId}`);
  const crumbs = page.getByRole("navigation", { name: "Vị trí hiện tại" });
  await expect(crumbs.getByRole("link", { name: title })).toBeVisible();
  await expect(crumbs.getByText("Chương 3", { exact: true })).toBeVisible();
  await expect(crumbs).not.toContainText("#");
  await expect(page).toHaveTitle("Chương 3 · Vườn Truyện Studio");

  await page.goto(`/comics/${comicId}/chapters/new`);
  await expect(crumbs.getByText("Chương mới", { exact: true })).toBeVisible();

  await page.goto(`/teams/${teamId}/members`);
  await expect(crumbs.getByRole("link", { name: teamName })).toBeVisible();
  await expect(page).toHaveTitle("Thành viên · Vườn Truyện Studio");
  await page.goto(`/teams/${teamId}`);
  await expect(page).toHaveTitle(`${teamName} · Vườn Truyện Studio`);

  // A phone shows the last two levels: the team's name and the page.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/teams/${teamId}/members`);
  await expect(crumbs.getByRole("link", { name: teamName })).toBeVisible();
  await expect(crumbs.getByText("Thành viên", { exact: true })).toBeVisible();
  await expect(crumbs.getByRole("link", { name: "Nhóm", exact: true })).toBeHidden();
  await context.close();
});

test("a session that ends mid-use sends the user to /login?next=… once, with a notice; Back after logout shows no signed-in screen", async ({
  browser,
  baseURL,
}) => {
  const { page, context, email } = await signUp(browser, baseURL!, "Het Phien", "/teams");
  await expect(page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible();
  await page.goto("/comics");
  await expect(page.getByText("Vườn còn trống")).toBeVisible();

  // The bell asks for notifications every minute; on a loaded machine that poll can meet the ended
  // session before the click does and send the user to /login?next=%2Fcomics. Hold it unanswered,
  // so the click below is what finds the session gone.
  await page.route("**/api/notifications?**", () => {});
  // The session ends elsewhere (another tab logged out, or it expired).
  const ended = await context.request.post("/api/users/logout", { headers: { "x-app-origin": baseURL! } });
  expect(ended.ok()).toBe(true);
  await page
    .getByRole("navigation", { name: "Điều hướng chính" })
    .getByRole("link", { name: "Tác giả" })
    .click();
  await expect(page).toHaveURL(/\/login\?next=%2Fauthors$/);
  await expect(toast(page, "Phiên đăng nhập đã kết thúc")).toBeVisible();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Phiên đăng nhập đã kết thúc" }),
  ).toHaveCount(1);
  await expect(page.getByText(email)).toHaveCount(0);

  // Logout, a full page load, then Back: still signed out, no name, no e-mail.
  const again = await signUp(browser, baseURL!, "Quay Lai", "/comics");
  const p2 = again.page;
  await expect(p2.getByRole("heading", { name: "Truyện của nhóm" })).toBeVisible();
  await p2.goto("/authors");
  await expect(p2.getByRole("heading", { name: "Tác giả", exact: true })).toBeVisible();
  await p2.getByRole("button", { name: "Mở menu tài khoản" }).click();
  await p2.getByRole("menuitem", { name: "Đăng xuất" }).click();
  await expect(p2).toHaveURL(/\/login(\?|$)/);
  await p2.reload();
  await p2.goBack();
  await expect(p2).toHaveURL(/\/login/);
  await expect(p2.getByText(again.email)).toHaveCount(0);
  await context.close();
  await again.context.close();
});

test("two people edit the same chapter: the second save gets the conflict dialog, nothing is lost; a quick volume update elsewhere is never overwritten silently", async ({
  browser,
  baseURL,
}) => {
  const owner = await uploaderWithChapter(browser, baseURL!);
  const { page: a, headers } = owner;
  const editor = `/comics/${owner.comicId}/chapters/${owner.chapterId}`;
  await a.goto(editor);
  await a
    .getByTestId("page-files-input")
    .setInputFiles({ name: "1.png", mimeType: "image/png", buffer: png(200, 300) });
  await expect(a.getByText("Đã lưu 1/1 trang")).toBeVisible();
  await a.getByRole("button", { name: "Lưu chương" }).click();
  await expect(toast(a, "Cập nhật thành công")).toBeVisible();

  // A second browser (the same account on another device: its cookies, not A's stored query cache,
  // which may still hold the chapter from before A's save) opens the same chapter.
  const { cookies } = await owner.context.storageState();
  const other = await browser.newContext({ storageState: { cookies, origins: [] } });
  const b = await other.newPage();
  await b.goto(editor);
  await expect(b.getByLabel("Tên chương")).toHaveValue("");

  // B saves first; A, still on the older copy, saves after.
  await b.getByLabel("Tên chương").fill("Của cửa sổ B");
  await b.getByRole("button", { name: "Lưu chương" }).click();
  await expect(toast(b, "Cập nhật thành công")).toBeVisible();
  await a.getByLabel("Tên chương").fill("Của cửa sổ A");
  await a.getByRole("button", { name: "Lưu chương" }).click();
  const dialog = a.getByTestId("conflict-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Đã có người lưu trước bạn");
  await expect(dialog.getByTestId("conflict-change").filter({ hasText: "Tên chương" })).toContainText(
    "Của cửa sổ B",
  );
  const stored = async () =>
    (await (await owner.context.request.get(`/api/chapters/${owner.chapterId}`, { headers })).json()) as {
      name: string;
      volume: number | null;
      version: number;
    };
  expect((await stored()).name).toBe("Của cửa sổ B");
  await dialog.getByRole("button", { name: "Tải lại bản mới nhất" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(a.getByLabel("Tên chương")).toHaveValue("Của cửa sổ B");

  // A quick volume update in A; B (whose copy predates it) edits and saves: the conflict names the volume.
  const quick = await owner.context.request.post("/api/chapters/quick-update-volume", {
    headers,
    data: { comicId: owner.comicId, volume: 5, fromChapterOrder: 3, toChapterOrder: 3 },
  });
  expect(quick.ok(), await quick.text()).toBe(true);
  await b.getByLabel("Tên chương").fill("Tên mới của B");
  await b.getByRole("button", { name: "Lưu chương" }).click();
  const bDialog = b.getByTestId("conflict-dialog");
  await expect(bDialog.getByTestId("conflict-change").filter({ hasText: "Tập" })).toContainText("5");
  expect((await stored()).volume).toBe(5);
  // B takes the newer copy, then saves on top of it: the volume set elsewhere stays.
  await bDialog.getByRole("button", { name: "Tải lại bản mới nhất" }).click();
  await expect(b.getByLabel("Tập")).toHaveValue("5");
  await b.getByLabel("Tên chương").fill("Tên mới của B");
  await b.getByRole("button", { name: "Lưu chương" }).click();
  await expect(toast(b, "Cập nhật thành công")).toBeVisible();
  expect(await stored()).toMatchObject({ name: "Tên mới của B", volume: 5 });
  await other.close();
});

test("the shell's overlays: icon tooltips on the collapsed sidebar, the phone's sidebar sheet, the bell's panel", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signUp(browser, baseURL!, "Lan Anh", "/comics");
  const nav = page.getByRole("navigation", { name: "Điều hướng chính" });
  const toggle = page.locator("[data-sidebar=trigger]");
  // Expanded, an entry shows its label and no tooltip.
  await nav.getByRole("link", { name: "Nhóm", exact: true }).hover();
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  // Collapsed to icons, pointing at an entry names it; a second toggle and back keeps the tooltips.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // The tooltips' code arrives with the first collapse (the entry then carries Radix's state).
  const teams = nav.getByRole("link", { name: "Nhóm", exact: true });
  await expect(teams).toHaveAttribute("data-state", "closed");
  await teams.hover();
  await expect(page.getByRole("tooltip")).toHaveText("Nhóm");
  await toggle.click();
  await toggle.click();
  await nav.getByRole("link", { name: "Truyện", exact: true }).hover();
  await expect(page.getByRole("tooltip")).toHaveText("Truyện");
  await toggle.click();

  // The bell's panel opens on the first press, closes with Escape and opens again.
  const bell = page.getByRole("button", { name: /^Thông báo/ });
  await bell.click();
  const panel = page.getByRole("dialog", { name: "Thông báo" });
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await bell.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");

  // A phone: the sidebar is a sheet, opened by the same toggle, closed by choosing an entry.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(nav).toBeHidden();
  await toggle.click();
  const sheet = page.getByRole("dialog", { name: "Thanh điều hướng" });
  await expect(sheet).toBeVisible();
  await sheet.getByRole("link", { name: "Nhóm", exact: true }).click();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(sheet).toBeHidden();
  await context.close();
});
