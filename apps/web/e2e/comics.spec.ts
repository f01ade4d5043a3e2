import { type Browser, expect as baseExpect, type Page, test } from "@playwright/test";
import { png, signUp as signUpAt, unique } from "./support/fixtures";

// The server may share the machine with other runs: allow slow answers rather than flake.
test.use({ actionTimeout: 20_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** A new user, signed in, in a browser context of their own, on /comics. */
async function signUp(browser: Browser, baseURL: string, name: string) {
  const user = await signUpAt(browser, baseURL, name, "/comics");
  await expect(user.page.getByRole("heading", { name: "Truyện của nhóm", exact: true })).toBeVisible();
  return user;
}

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test("a comic end to end: create with a checked cover, find it without diacritics, edit, volume art, merge request", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { page, context } = await signUp(browser, baseURL!, "Thu Cuc");
  const stamp = unique();
  const title = `Thanh Gươm Đỏ ${stamp}`;

  // ── A team first: every comic belongs to one. Without it the upload page says so.
  await page.goto("/comics/upload");
  await expect(page.getByText("Bạn chưa ở trong nhóm nào")).toBeVisible();
  await page.goto("/teams");
  await page.getByRole("button", { name: "Tạo nhóm" }).first().click();
  await page.getByRole("dialog").getByLabel("Tên").fill(`Nhóm Cúc ${stamp}`);
  await page.getByRole("dialog").getByRole("button", { name: "Tạo nhóm" }).click();
  await expect(page).toHaveURL(/\/teams\/\d+$/);
  const teamId = Number(new URL(page.url()).pathname.split("/").pop());

  // ── /comics is empty and offers the upload.
  await page.goto("/comics");
  await expect(page.getByText("Vườn còn trống")).toBeVisible();
  await page.getByRole("link", { name: "Đăng truyện mới" }).first().click();
  await expect(page).toHaveURL(/\/comics\/upload$/);
  await expect(page.getByText(`Truyện sẽ được đăng bởi Nhóm Cúc ${stamp}.`)).toBeVisible();

  // Nothing filled: the title and the cover are required (their own messages).
  await page.getByRole("button", { name: "Đăng truyện" }).click();
  await expect(page.getByText("Tiêu đề là bắt buộc")).toBeVisible();
  await expect(page.getByText("Vui lòng tải lên ảnh bìa truyện")).toBeVisible();

  await page.getByLabel("Tiêu đề").fill(title);
  await page.getByLabel("Tên khác").fill("Red Blade");
  await page.getByLabel("Mô tả").fill("Một thanh gươm, một khu vườn.");
  // An author created inline.
  await page.getByRole("button", { name: "Tác giả: Thêm" }).click();
  await page.getByRole("combobox", { name: "Tác giả" }).fill(`Nguyễn Hoa ${stamp}`);
  await page.getByRole("option", { name: `Thêm mới “Nguyễn Hoa ${stamp}”` }).click();
  await expect(page.getByText(`Nguyễn Hoa ${stamp}`)).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Hành động" }).click();
  await expect(page.getByRole("button", { name: "Hành động" })).toHaveAttribute("aria-pressed", "true");

  // Cover: too small is refused in the browser…
  const cover = page.getByLabel("Ảnh bìa", { exact: true });
  await cover.setInputFiles({ name: "small.png", mimeType: "image/png", buffer: png(300, 400) });
  await expect(
    page.getByText("Ảnh bìa phải là ảnh dọc tỉ lệ 3:4, kích thước tối thiểu 600x800 px"),
  ).toBeVisible();
  // …a large square goes through the crop tool and comes out 3:4…
  await cover.setInputFiles({ name: "square.png", mimeType: "image/png", buffer: png(900, 900) });
  const crop = page.getByRole("dialog", { name: "Cắt ảnh bìa" });
  await expect(crop.getByText("Ảnh bìa: 675×900 px")).toBeVisible();
  await crop.getByRole("button", { name: "Cắt ảnh" }).click();
  await expect(crop).toBeHidden();
  const preview = page.getByRole("img", { name: "Xem trước ảnh bìa" });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    675, 900,
  ]);
  // …and a valid 600x800 one is taken as is.
  await cover.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png(600, 800) });
  await expect(page.getByText("Ảnh bìa phải là ảnh dọc")).toBeHidden();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);

  await page.getByRole("button", { name: "Đăng truyện" }).click();
  await expect(toast(page, "Tạo thành công")).toBeVisible();
  await expect(page).toHaveURL(/\/comics\/\d+$/);
  const comicPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Tác giả: Nguyễn Hoa ${stamp}`)).toBeVisible();
  const coverImg = page.getByRole("img", { name: `Ảnh bìa ${title}` });
  await expect(coverImg).toHaveAttribute("src", /\/files\//);

  // ── Found by searching without diacritics ('đ' matches 'd', 'ươ' matches 'uo').
  await page.goto("/comics");
  await page.getByRole("searchbox", { name: "Tìm truyện" }).fill(`thanh guom do ${stamp}`);
  await expect(page).toHaveURL(/search=thanh/);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText("Đang tiến hành").filter({ visible: true })).toBeVisible();
  // The status filter lives in the URL too.
  await page.getByRole("combobox", { name: "Lọc theo trạng thái" }).click();
  await page.getByRole("option", { name: "Đã hoàn thành" }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByText("Không tìm thấy truyện nào")).toBeVisible();

  // ── Edit: confirmation first, then success; the change survives a reload.
  await page.goto(`${comicPath}/info`);
  await expect(page.getByLabel("Tiêu đề")).toHaveValue(title);
  await page.getByLabel("Mô tả").fill("Thanh gươm đỏ giữa khu vườn mùa thu.");
  await page.getByRole("combobox", { name: "Trạng thái" }).click();
  await page.getByRole("option", { name: "Đã hoàn thành" }).click();
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("Cập nhật thông tin truyện?")).toBeVisible();
  await confirm.getByRole("button", { name: "Xác nhận" }).click();
  await expect(toast(page, "Cập nhật thành công")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Mô tả")).toHaveValue("Thanh gươm đỏ giữa khu vườn mùa thu.");
  await expect(page.getByRole("combobox", { name: "Trạng thái" })).toHaveText("Đã hoàn thành");

  // ── Volume art: upload volume 1, see it from storage.
  await page.goto(`${comicPath}/volumes`);
  await expect(page.getByText("Chưa có ảnh tập")).toBeVisible();
  await expect(page.getByLabel("Tập", { exact: true })).toHaveValue("1");
  await page.getByLabel("Ảnh tập", { exact: true }).setInputFiles({
    name: "volume-1.png",
    mimeType: "image/png",
    buffer: png(600, 800, [180, 80, 120]),
  });
  await page.getByRole("button", { name: "Tải lên" }).click();
  await expect(toast(page, "Tạo thành công")).toBeVisible();
  const art = page.getByRole("img", { name: "Tập 1" });
  await expect(art).toHaveAttribute("src", /\/files\//);
  await expect(page.getByLabel("Tập", { exact: true })).toHaveValue("2");

  // ── A second comic of the team (through the API) to merge into.
  const headers = { "x-app-origin": baseURL! };
  const stored = await context.request.post("/api/comics/covers", {
    headers,
    multipart: { file: { name: "b.png", mimeType: "image/png", buffer: png(600, 800, [30, 90, 200]) } },
  });
  expect(stored.ok(), await stored.text()).toBe(true);
  const targetTitle = `Khu Vườn Bí Mật ${stamp}`;
  const created = await context.request.post("/api/comics", {
    headers,
    data: { teamId, title: targetTitle, thumbnail: (await stored.json()).key },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // ── Request a merge: not into itself, a reason is required, then it is pending.
  await page.goto(comicPath);
  await page.getByRole("button", { name: "Yêu cầu gộp" }).click();
  const merge = page.getByRole("dialog", { name: "Yêu cầu gộp truyện" });
  // The picker never offers the comic itself.
  await merge.getByRole("searchbox", { name: "Truyện đích" }).fill(`thanh guom ${stamp}`);
  await expect(merge.getByText("Không có kết quả")).toBeVisible();
  await merge.getByRole("searchbox", { name: "Truyện đích" }).fill(`khu vuon bi mat ${stamp}`);
  await merge.getByRole("radio", { name: new RegExp(targetTitle) }).click();
  await expect(merge.getByText(`Gộp vào: ${targetTitle}`)).toBeVisible();
  await merge.getByRole("button", { name: "Gửi yêu cầu" }).click();
  await expect(merge.getByText("Vui lòng nhập lý do")).toBeVisible();
  await merge.getByLabel("Lý do").fill("Hai bộ là một, đăng trùng.");
  await merge.getByRole("button", { name: "Gửi yêu cầu" }).click();
  const success = page.getByRole("alertdialog");
  await expect(success.getByText("Đã gửi yêu cầu gộp").first()).toBeVisible();
  await success.getByRole("button", { name: "Xác nhận" }).click();
  const requests = page.getByRole("region", { name: "Yêu cầu của nhóm bạn" });
  const mergeRequest = requests.getByRole("listitem").filter({ hasText: "Gộp truyện" });
  await expect(mergeRequest.getByText("Đang chờ duyệt")).toBeVisible();
  // A second merge request by the same team is refused with the server's clear message.
  await page.getByRole("button", { name: "Yêu cầu gộp" }).click();
  await merge.getByRole("searchbox", { name: "Truyện đích" }).fill(`khu vuon bi mat ${stamp}`);
  await merge.getByRole("radio", { name: new RegExp(targetTitle) }).click();
  await merge.getByLabel("Lý do").fill("Lần nữa.");
  await merge.getByRole("button", { name: "Gửi yêu cầu" }).click();
  await expect(toast(page, "đã có một yêu cầu gộp đang chờ duyệt")).toBeVisible();
  await merge.getByRole("button", { name: "Hủy" }).click();

  // The list flags the comic as merge-requested, naming the target; the target is not listed.
  await page.goto("/comics?status=merge-requested");
  const flagged = page.getByRole("row").filter({ hasText: title });
  await expect(flagged).toBeVisible();
  await expect(flagged.getByText(`Đang chờ gộp vào «${targetTitle}»`)).toBeVisible();
  await expect(
    page.getByRole("row").filter({ has: page.getByText(targetTitle, { exact: true }) }),
  ).toHaveCount(0);

  await context.close();
});
