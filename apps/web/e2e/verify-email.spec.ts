import { expect, type Page, test } from "@playwright/test";
import { PASSWORD, signUp, unique, verifyEmailByMail } from "./support/fixtures";

const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test("e-mail verification: the banner, an invitation that waits, the mail's link, then the invitation is accepted", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await signUp(browser, baseURL!, "Chu Nhom", "/teams");
  // Signed in once the page shows (the first visit exchanges the provider session).
  await expect(owner.page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const teamName = `Nhóm Chờ Xác Nhận ${unique()}`;
  const team = await owner.context.request.post("/api/teams", {
    headers: { origin: baseURL! },
    data: { name: teamName },
  });
  expect(team.status(), await team.text()).toBe(201);
  const teamId = (await team.json()).id as number;

  // The address is invited before anyone registered it.
  const name = "Người Được Mời";
  const email = `nguoi.duoc.moi.${unique()}@vuon-truyen.vn`;
  const invite = await owner.context.request.post(`/api/teams/${teamId}/invitations`, {
    headers: { origin: baseURL! },
    data: { email, role: "uploader" },
  });
  expect(invite.status(), await invite.text()).toBe(201);

  // Whoever registers it lands signed in, with the banner, and the invitation waits.
  const context = await browser.newContext({ baseURL, locale: "vi-VN" });
  const registered = await context.request.post("/auth/sign-up/email", {
    headers: { origin: baseURL! },
    data: { name, email, password: "hoa-mai-no-ro" },
  });
  expect(registered.ok()).toBe(true);
  const page = await context.newPage();
  await page.goto("/teams");
  const banner = page.getByRole("region", { name: "Hãy xác nhận email của bạn" });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText(email);
  const invitations = page.getByRole("region", { name: "Lời mời đang chờ" });
  await expect(invitations).toContainText(`Có 1 lời mời vào nhóm gửi đến ${email}`);
  await expect(invitations.getByText(teamName)).toHaveCount(0);
  await expect(invitations.getByRole("button", { name: "Chấp nhận" })).toHaveCount(0);

  // "Send again" right after the sign-up mail: the server's translated rate limit.
  await invitations.getByRole("button", { name: "Gửi lại thư" }).click();
  await expect(toast(page, /Thư xác nhận vừa được gửi/)).toBeVisible();

  // The mailbox's owner opens the link, chooses the password (the sign-up one ended with the
  // proof): signed in, on the dashboard, with a notice; no banner.
  await verifyEmailByMail(page, email);
  await expect(toast(page, "Đã lưu mật khẩu. Chào mừng bạn!")).toBeVisible();

  await page.goto("/teams");
  await expect(page.getByRole("region", { name: "Hãy xác nhận email của bạn" })).toHaveCount(0);
  await expect(invitations.getByText(teamName)).toBeVisible();
  await invitations.getByRole("button", { name: "Chấp nhận" }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${teamId}$`));
  await expect(page.getByRole("heading", { level: 1, name: teamName })).toBeVisible();
  await context.close();
  await owner.context.close();
});

test("a used verification link says so and offers the way back", async ({ browser, baseURL }) => {
  const user = await signUp(browser, baseURL!, "Dung Hai Lan", "/");
  await expect(user.page.getByRole("region", { name: "Hãy xác nhận email của bạn" })).toBeVisible({
    timeout: 30_000,
  });
  const link = await verifyEmailByMail(user.page, user.email);
  await user.page.goto(link);
  await expect(user.page.getByRole("main").getByRole("alert")).toHaveText(
    "Liên kết xác nhận này đã được dùng. Mỗi liên kết chỉ dùng được một lần",
  );
  await user.page.getByRole("link", { name: "Về trang tổng quan" }).click();
  await expect(user.page).toHaveURL(/\/$/);
  await user.context.close();
});

test("a tab left open before the address was verified in another browser is signed out", async ({
  browser,
  baseURL,
}) => {
  const user = await signUp(browser, baseURL!, "Hai Trinh Duyet", "/");
  const banner = user.page.getByRole("region", { name: "Hãy xác nhận email của bạn" });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  // The mail is opened on another device (its own browser, no shared storage): that browser is
  // signed in, verified.
  const other = await browser.newContext({ baseURL, locale: "vi-VN" });
  await verifyEmailByMail(await other.newPage(), user.email, "mat-khau-chu-hop-thu");
  // Back on the first tab: its session was made before the proof, so it is over (whoever signed up
  // may not be whoever reads the mail); the sign-in page says so and cannot sign it back in.
  await user.page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(user.page).toHaveURL(/\/login/);
  await expect(user.page.getByText("Phiên đăng nhập đã kết thúc")).toBeVisible();
  const again = await user.context.request.post("/auth/sign-in/email", {
    headers: { origin: baseURL! },
    data: { email: user.email, password: PASSWORD },
  });
  expect(again.status()).toBe(401);
  await other.close();
  await user.context.close();
});
