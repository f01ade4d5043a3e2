import { type Browser, expect, type Page, test } from "@playwright/test";
import { png as pngOf, signUp as signUpAt, unique, verifyEmailByMail } from "./support/fixtures";

const png = (size: number, rgb: [number, number, number]) => pngOf(size, size, rgb);

/** A new user, signed in, in a browser context of their own, on /teams. */
async function signUp(browser: Browser, baseURL: string, name: string) {
  const user = await signUpAt(browser, baseURL, name, "/teams");
  await expect(user.page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible({
    timeout: 30_000,
  });
  return user;
}

/**
 * A new user in a browser context of their own, signed in: the account is registered through the
 * embedded identity provider (its sign-up signs in, like the register form), and the first visit
 * exchanges that provider session for the dashboard session.
 */

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test("a team end to end: create, edit info, logo, invite a member who accepts, donate with a QR code", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await signUp(browser, baseURL!, "Mai Hoa");
  const { page } = owner;
  const teamName = `Nhóm Hoa Mai ${unique()}`;

  // ── Create: the name is required (its message names the field), then the owner lands on the
  // team.
  await page.getByRole("button", { name: "Tạo nhóm" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Tạo nhóm" }).click();
  await expect(dialog.getByText("Tên là bắt buộc")).toBeVisible();
  await dialog.getByLabel("Tên").fill(teamName);
  await dialog.getByRole("button", { name: "Tạo nhóm" }).click();
  await expect(page).toHaveURL(/\/teams\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByText("Trưởng nhóm").first()).toBeVisible();
  const teamPath = new URL(page.url()).pathname;

  // ── Info: a bad link shows 'Link invalid' under the field and saves nothing.
  await page
    .getByRole("navigation", { name: "Các mục của nhóm" })
    .getByRole("link", { name: "Thông tin" })
    .click();
  await expect(page).toHaveURL(`${teamPath}/info`);
  const website = page.getByLabel("Website");
  await website.fill("khong phai lien ket");
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page.getByText("Liên kết không hợp lệ")).toBeVisible();
  await expect(website).toHaveAttribute("aria-invalid", "true");
  await page.reload();
  await expect(page.getByLabel("Website")).toHaveValue("");

  // …then a good one is saved and survives a reload.
  await page.getByLabel("Website").fill("hoamai.vn");
  await page.getByLabel("Facebook").fill("https://facebook.com/nhomhoamai");
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(toast(page, "Cập nhật thành công")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Website")).toHaveValue("hoamai.vn");
  await expect(page.getByLabel("Facebook")).toHaveValue("https://facebook.com/nhomhoamai");

  // ── Logo: a generated PNG is checked in the browser, uploaded and shown from storage.
  await page.getByLabel("Logo", { exact: true }).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: png(64, [46, 160, 67]),
  });
  await expect(toast(page, "Cập nhật thành công")).toBeVisible();
  const logo = page.getByRole("img", { name: "Xem trước Logo" });
  await expect(logo).toHaveAttribute("src", /\/files\//);
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  // Not an image (by content, whatever the name says): refused before any upload.
  await page.getByLabel("Logo", { exact: true }).setInputFiles({
    name: "fake.png",
    mimeType: "image/png",
    buffer: Buffer.from("%PDF-1.7 not a picture"),
  });
  await expect(page.getByText("Tệp không phải là hình ảnh")).toBeVisible();

  // ── Members: invite a second user as manager.
  const member = await signUp(browser, baseURL!, "Lan Anh");
  await page.goto(`${teamPath}/members`);
  await page.getByLabel("Email", { exact: true }).fill(member.email);
  await page.getByRole("combobox", { name: "Vai trò", exact: true }).click();
  await page.getByRole("option", { name: "Quản lý" }).click();
  await page.getByRole("button", { name: "Gửi lời mời" }).click();
  await expect(toast(page, `Đã gửi lời mời tới ${member.email}`)).toBeVisible();
  const pending = page.getByRole("region", { name: "Lời mời đang chờ" });
  await expect(pending.getByRole("listitem").filter({ hasText: member.email })).toContainText("Quản lý");

  // The invitee proves the address through the mail, then sees the invitation on /teams and accepts it.
  await verifyEmailByMail(member.page, member.email);
  await member.page.goto("/teams");
  const invitations = member.page.getByRole("region", { name: "Lời mời đang chờ" });
  await expect(invitations.getByText(teamName)).toBeVisible();
  await invitations.getByRole("button", { name: "Chấp nhận" }).click();
  await expect(member.page).toHaveURL(teamPath);
  await expect(member.page.getByRole("heading", { level: 1, name: teamName })).toBeVisible();
  await expect(member.page.getByText("Quản lý").first()).toBeVisible();

  // The owner now sees them in the member list with their role.
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: member.name });
  await expect(row).toBeVisible();
  await expect(row.getByRole("combobox", { name: `Đổi vai trò của ${member.name}` })).toHaveText("Quản lý");
  await expect(pending.getByText("Không có lời mời nào đang chờ.")).toBeVisible();

  // ── Donate: enable it with a QR code, save, and find it all after a reload.
  await page
    .getByRole("navigation", { name: "Các mục của nhóm" })
    .getByRole("link", { name: "Ủng hộ" })
    .click();
  const enabled = page.getByRole("switch", { name: "Bật ủng hộ" });
  await expect(enabled).toHaveAttribute("aria-checked", "false");
  await enabled.click();
  await page.getByLabel("Mã QR", { exact: true }).setInputFiles({
    name: "qr.png",
    mimeType: "image/png",
    buffer: png(120, [20, 20, 20]),
  });
  await expect(page.getByRole("img", { name: "Xem trước Mã QR" })).toHaveAttribute("src", /\/files\//);
  await page.getByLabel("Nội dung").fill("Cảm ơn bạn đã ủng hộ nhóm!");
  // The QR upload already toasted "updated": wait for the save itself.
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith("/donate"));
  await page.getByRole("button", { name: "Lưu cài đặt" }).click();
  expect((await saved).status()).toBe(200);
  await expect(toast(page, "Cập nhật thành công")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Bật ủng hộ" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("img", { name: "Xem trước Mã QR" })).toHaveAttribute("src", /\/files\//);
  await expect(page.getByLabel("Nội dung")).toHaveValue("Cảm ơn bạn đã ủng hộ nhóm!");

  // ── The dashboard's activity tells the story.
  await page.goto(teamPath);
  const activity = page.getByRole("region", { name: "Hoạt động gần đây" });
  await expect(
    activity.getByText(`${member.name} đã nhận lời mời và tham gia nhóm với vai trò quản lý`),
  ).toBeVisible();
  await expect(activity.getByText(`${owner.name} đã đổi logo`)).toBeVisible();

  await member.context.close();
});
