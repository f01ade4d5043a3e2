/**
 * Requests end to end (docs/requests.md): two teams and an admin in browser contexts of their own.
 * Team B asks for permission on team A's comic, A's owner sees it under "to review" with a
 * notification and approves it, B is told and uploads a chapter; B asks to delete the comic, the
 * admin approves, the comic is in the trash and gone from every list, the admin restores it; a
 * merge supersedes the removed comic's pending request; the History tab shows each step.
 */
import { expect, type Page, test } from "@playwright/test";
import { REQUESTS_ADMIN_EMAIL } from "../playwright.config";
import { gradientPng } from "./image-pipeline/images";
import { png, publishChapter, signUp, signUpAdmin, unique } from "./support/fixtures";

/** The bell's unread count, read from its accessible name. */
const bell = (page: Page) => page.getByRole("button", { name: /^Thông báo/ });

test("requests across two teams and an admin: permission, notifications, upload, delete to trash, restore, merge, history", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const stamp = unique();
  const headers = { "x-app-origin": baseURL! };
  const titleX = `Vườn Sao Băng ${stamp}`;
  const titleY = `Vườn Sao Trùng ${stamp}`;

  // Team A with two comics (made through the API: the comics spec covers their screens).
  const a = await signUp(browser, baseURL!, "An Tran", "/teams");
  await expect(a.page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible({ timeout: 90_000 });
  const teamA = (
    await (await a.context.request.post("/api/teams", { headers, data: { name: `Nhóm An ${stamp}` } })).json()
  ).id as number;
  const comicOf = async (title: string) => {
    const cover = await a.context.request.post("/api/comics/covers", {
      headers,
      multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: await gradientPng(600, 800) } },
    });
    expect(cover.ok(), await cover.text()).toBe(true);
    const comic = await a.context.request.post("/api/comics", {
      headers,
      data: { teamId: teamA, title, thumbnail: (await cover.json()).key },
    });
    expect(comic.ok(), await comic.text()).toBe(true);
    return (await comic.json()).id as number;
  };
  const comicX = await comicOf(titleX);
  const comicY = await comicOf(titleY);

  const b = await signUp(browser, baseURL!, "Binh Le", "/teams");
  await expect(b.page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible({ timeout: 90_000 });
  const teamBName = `Nhóm Bé ${stamp}`;
  const teamB = (
    await (await b.context.request.post("/api/teams", { headers, data: { name: teamBName } })).json()
  ).id as number;
  const admin = await signUpAdmin(browser, baseURL!, REQUESTS_ADMIN_EMAIL);

  // 1. B asks for permission by clicking the comic's card.
  await b.page.goto(`/comics/request?search=${encodeURIComponent(titleX)}`);
  await b.page.getByTestId("comic-card").filter({ hasText: titleX }).click();
  const ask = b.page.getByRole("dialog", { name: "Xin quyền đăng truyện" });
  await ask.getByLabel("Lý do").fill("Nhóm Bé dịch tiếp từ chương 2.");
  await ask.getByRole("button", { name: "Gửi yêu cầu" }).click();
  await b.page.getByRole("alertdialog").getByRole("button", { name: "Xác nhận" }).click();

  // 2. A sees it under "to review", with a notification in the bell; approves it.
  await a.page.goto("/");
  await expect(bell(a.page)).toHaveAccessibleName("Thông báo (1 chưa đọc)");
  await bell(a.page).click();
  const toReview = a.page.getByRole("listitem").filter({ hasText: `“${titleX}”` });
  await expect(toReview).toContainText("Binh Le");
  await toReview.getByRole("link").click();
  await expect(a.page).toHaveURL(/\/requests\?tab=review/);
  await expect(bell(a.page)).toHaveAccessibleName("Thông báo");
  const pendingPermission = a.page.getByRole("listitem", { name: `Cấp quyền đăng: ${titleX}` });
  await expect(pendingPermission).toContainText("Nhóm Bé dịch tiếp từ chương 2.");
  await pendingPermission.getByRole("button", { name: "Duyệt" }).click();
  await a.page.getByRole("dialog").getByRole("button", { name: "Duyệt" }).click();
  // "To review" lists every status unless filtered: the request stays, settled, without buttons.
  await expect(pendingPermission).toContainText("Đã duyệt bởi An Tran");
  await expect(pendingPermission.getByRole("button", { name: "Duyệt" })).toHaveCount(0);

  // 3. B is told, and uploads a chapter to the comic.
  await b.page.goto("/requests");
  await expect(bell(b.page)).toHaveAccessibleName("Thông báo (1 chưa đọc)");
  await expect(b.page.getByRole("listitem", { name: `Cấp quyền đăng: ${titleX}` })).toContainText("Đã duyệt");
  await bell(b.page).click();
  // The bell's entry (the request row on the page behind says "approved by" too).
  const told = b.page
    .getByRole("listitem")
    .filter({ hasText: `An Tran đã duyệt yêu cầu quyền đăng truyện “${titleX}”` });
  await expect(told).toBeVisible();
  await b.page.getByRole("button", { name: "Đọc hết" }).click();
  await expect(bell(b.page)).toHaveAccessibleName("Thông báo");
  await b.page.keyboard.press("Escape");
  await b.page.goto(`/comics/${comicX}/chapters`);
  await b.page.getByRole("link", { name: "Thêm chương" }).click();
  await b.page.getByLabel("Tên chương").fill("Hạt giống");
  await b.page
    .getByTestId("page-files-input")
    .setInputFiles([{ name: "1.png", mimeType: "image/png", buffer: png(300, 450) }]);
  await expect(b.page).toHaveURL(/\/chapters\/\d+$/);
  const chapterPath = new URL(b.page.url()).pathname;
  await expect(b.page.getByText("Đã lưu 1/1 trang")).toBeVisible({ timeout: 60_000 });
  await publishChapter(b.page);
  const chapters = await b.context.request.get(`/api/chapters/comic/${comicX}`);
  expect(JSON.stringify(await chapters.json())).toContain(teamBName);

  // 4. B asks to delete it; the admin (told by the bell) approves: the comic goes to the trash.
  await b.page.goto(`/comics/${comicX}`);
  await b.page.getByRole("button", { name: "Yêu cầu xóa" }).click();
  const del = b.page.getByRole("dialog", { name: "Yêu cầu xóa truyện" });
  await del.getByLabel("Lý do").fill("Đăng trùng với bộ khác.");
  await del.getByRole("button", { name: "Gửi yêu cầu" }).click();
  await b.page.getByRole("alertdialog").getByRole("button", { name: "Xác nhận" }).click();

  await admin.page.goto("/admin");
  await expect(bell(admin.page)).toHaveAccessibleName("Thông báo (1 chưa đọc)");
  const deleteRequest = admin.page.getByRole("listitem", { name: `Xóa truyện: ${titleX}` });
  await expect(deleteRequest).toContainText("Đăng trùng với bộ khác.");
  await deleteRequest.getByRole("button", { name: "Duyệt" }).click();
  await admin.page.getByRole("dialog").getByRole("button", { name: "Duyệt" }).click();
  await expect(deleteRequest).toHaveCount(0);

  await admin.page.goto("/admin?tab=trash");
  const trashed = admin.page.getByRole("row").filter({ hasText: titleX });
  await expect(trashed).toBeVisible();
  // Gone from every list: A's, B's, the platform list, and its page.
  await a.page.goto(`/comics?search=${encodeURIComponent(stamp)}`);
  await expect(a.page.getByRole("row").filter({ hasText: titleY })).toBeVisible();
  await expect(a.page.getByRole("row").filter({ hasText: titleX })).toHaveCount(0);
  // B could upload only to X: its list is now empty (loaded, not loading).
  await b.page.goto(`/comics?search=${encodeURIComponent(stamp)}`);
  await expect(b.page.getByRole("heading", { name: "Không tìm thấy truyện nào" })).toBeVisible();
  await expect(b.page.getByRole("row").filter({ hasText: titleX })).toHaveCount(0);
  await b.page.goto(`/comics/request?search=${encodeURIComponent(stamp)}`);
  await expect(b.page.getByTestId("comic-card").filter({ hasText: titleY })).toBeVisible();
  await expect(b.page.getByTestId("comic-card").filter({ hasText: titleX })).toHaveCount(0);
  expect((await a.context.request.get(`/api/comics/${comicX}`)).status()).toBe(404);

  // The admin restores it: back in the lists.
  await trashed.getByRole("button", { name: `Khôi phục: ${titleX}` }).click();
  await admin.page.getByRole("alertdialog").getByRole("button", { name: "Khôi phục" }).click();
  await expect(trashed).toHaveCount(0);
  await a.page.goto(`/comics?search=${encodeURIComponent(stamp)}`);
  await expect(a.page.getByRole("row").filter({ hasText: titleX })).toBeVisible();

  // 5. A merge settles the removed comic's pending requests as superseded (never moves them).
  const onY = await b.context.request.post(`/api/comics/permission/${comicY}`, {
    headers,
    data: { teamId: teamB, reason: "Cho nhóm Bé đăng bộ trùng" },
  });
  expect(onY.status(), await onY.text()).toBe(201);
  const merge = await a.context.request.post("/api/comics/mergeRequest", {
    headers,
    data: { comicId: comicY, targetComicId: comicX, teamId: teamA, reason: "Hai bộ là một." },
  });
  expect(merge.status(), await merge.text()).toBe(201);
  await admin.page.goto("/admin");
  const mergeRequest = admin.page.getByRole("listitem", { name: `Gộp truyện: ${titleY}` });
  await expect(mergeRequest).toContainText(titleX);
  await mergeRequest.getByRole("button", { name: "Duyệt" }).click();
  await admin.page.getByRole("dialog").getByRole("button", { name: "Duyệt" }).click();
  await expect(mergeRequest).toHaveCount(0);
  await b.page.goto("/requests");
  await expect(b.page.getByRole("listitem", { name: `Cấp quyền đăng: ${titleY}` })).toContainText(
    "Không còn hiệu lực",
  );
  await a.page.goto("/requests");
  await expect(a.page.getByRole("listitem", { name: `Gộp truyện: ${titleY}` })).toContainText(titleX);

  // 6. The History tab shows each step, newest first; the chapter page shows the chapter's.
  await a.page.goto(`/comics/${comicX}`);
  await a.page.getByRole("link", { name: "Lịch sử" }).first().click();
  await expect(a.page).toHaveURL(new RegExp(`/comics/${comicX}/history$`));
  await expect(a.page).toHaveTitle(/^Lịch sử · /);
  await expect(a.page.getByRole("navigation", { name: "Vị trí hiện tại" })).toContainText("Lịch sử");
  const rows = a.page.getByTestId("audit-row");
  const steps = [
    `“${titleX}” · nhận nội dung gộp từ “${titleY}”`,
    `“${titleX}” · khôi phục`,
    `“${titleX}” · chuyển vào thùng rác`,
    "Chương 1 - Hạt giống · đăng",
    "Chương 1 - Hạt giống · tải lên 1 trang",
    `“${titleX}” · cấp quyền đăng cho ${teamBName}`,
    `“${titleX}” · tạo mới`,
  ];
  for (const step of steps) await expect(rows.filter({ hasText: step }).first()).toBeVisible();
  // Team B's delete request is seen by its filers, admins and reviewers only (docs/requests.md, "Who
  // sees a request"): the owning team's History leaves its rows out.
  await expect(rows.filter({ hasText: "Yêu cầu xóa truyện" })).toHaveCount(0);
  await expect(rows.filter({ hasText: "Quản Trị Viên" }).first()).toBeVisible();
  await expect(rows.filter({ hasText: "Binh Le" }).first()).toBeVisible();
  const texts = await rows.allInnerTexts();
  const at = (needle: string) => texts.findIndex((t) => t.includes(needle));
  expect(texts.join("\n")).not.toMatch(/#\d/);
  expect(at("nhận nội dung gộp")).toBeLessThan(at("khôi phục"));
  expect(at("khôi phục")).toBeLessThan(at("chuyển vào thùng rác"));
  expect(at("chuyển vào thùng rác")).toBeLessThan(at("cấp quyền đăng cho"));

  await a.page.goto(chapterPath);
  const chapterHistory = a.page.getByRole("region", { name: "Lịch sử" });
  await expect(
    chapterHistory.getByTestId("audit-row").filter({ hasText: "Chương 1 - Hạt giống" }).first(),
  ).toBeVisible();
  await expect(chapterHistory).toContainText("Binh Le");
});
