import { expect, type Page, test } from "@playwright/test";
import { QUERY_CACHE_KEY } from "@vt/shared/constants";
import { png, unique } from "./support/fixtures";
import { waitForMail } from "./support/mail";

async function openUserMenu(page: Page) {
  await page.getByRole("button", { name: "Mở menu tài khoản" }).click();
  return page.getByRole("menu");
}

test("the sign-in page makes no request that fails and logs no error for a signed-out visitor", async ({
  page,
}) => {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Đăng nhập" })).toBeVisible();
  // The boot check has answered (signed out) once the form shows; nothing failed on the way.
  await page.waitForLoadState("networkidle");
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});

test("register, land on next, edit the profile, log out with the cache cleared", async ({ page }) => {
  const email = `lan.${unique()}@vuon-truyen.vn`;
  const password = "hoa-mai-no-ro";

  await page.goto("/comics");
  await expect(page).toHaveURL(/\/login\?next=%2Fcomics$/);
  await page.getByRole("link", { name: "Đăng ký" }).click();
  await expect(page.getByRole("heading", { name: "Tạo tài khoản" })).toBeVisible();

  // The form's own messages first (docs/dashboard.md, "Forms and their messages").
  await page.getByRole("button", { name: "Đăng ký" }).click();
  await expect(page.getByText("Tên là bắt buộc")).toBeVisible();
  await expect(page.getByText("Email là bắt buộc")).toBeVisible();
  await expect(page.getByText("Bạn phải đồng ý với điều khoản và điều kiện")).toBeVisible();
  await page.getByLabel("Email").fill("lan@vuon");
  await page.getByLabel("Mật khẩu", { exact: true }).fill(password);
  await page.getByLabel("Nhập lại mật khẩu").fill(`${password}-khac`);
  await expect(page.getByText("Email không hợp lệ")).toBeVisible();
  await expect(page.getByText("Mật khẩu không khớp")).toBeVisible();

  await page.getByLabel("Tên hiển thị").fill("Lan Anh");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Nhập lại mật khẩu").fill(password);
  await page.getByLabel("Tôi đồng ý với điều khoản sử dụng của Vườn Truyện").check();
  await page.getByRole("button", { name: "Đăng ký" }).click();

  // Signed in: the provider session was exchanged for the uploader session, and next was followed.
  await expect(page).toHaveURL(/\/comics$/);
  let menu = await openUserMenu(page);
  await expect(menu.getByText("Lan Anh")).toBeVisible();
  await expect(menu.getByText(email)).toBeVisible();

  // Profile: new name and an avatar picture.
  await menu.getByRole("menuitem", { name: "Hồ sơ" }).click();
  const dialog = page.getByRole("dialog", { name: "Hồ sơ của bạn" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Tên", { exact: true }).fill("Lan Anh Hoa");
  const upload = page.waitForResponse(
    (r) => r.url().endsWith("/api/users/avatar") && r.request().method() === "POST",
  );
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "la-xanh.png",
    mimeType: "image/png",
    buffer: png(32, 32),
  });
  expect((await upload).status()).toBe(200);
  await expect(dialog.getByText("Đang tải ảnh lên…")).toBeHidden();
  await dialog.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page.getByText("Cập nhật thành công")).toBeVisible();
  await expect(dialog).toBeHidden();

  const me = await (await page.request.get("/api/users/me")).json();
  expect(me).toMatchObject({ email, name: "Lan Anh Hoa", avatar: expect.stringMatching(/^http.*\/files\//) });
  const picture = await page.request.get(me.avatar);
  expect(picture.headers()["content-type"]).toBe("image/png");

  menu = await openUserMenu(page);
  await expect(menu.getByText("Lan Anh Hoa")).toBeVisible();

  // Something in the persisted query cache, as a signed-in session leaves there.
  await page.evaluate((key) => {
    window.localStorage.setItem(
      key,
      JSON.stringify({
        buster: "1",
        timestamp: Date.now(),
        clientState: {
          mutations: [],
          queries: [{ queryKey: ["comics", {}], queryHash: '["comics",{}]', state: {} }],
        },
      }),
    );
  }, QUERY_CACHE_KEY);

  await menu.getByRole("menuitem", { name: "Đăng xuất" }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole("heading", { name: "Đăng nhập" })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), QUERY_CACHE_KEY)).toBeNull();
  // And it stays gone: no late write from the persister brings it back.
  await page.waitForTimeout(1500);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), QUERY_CACHE_KEY)).toBeNull();

  // Both sessions ended: the uploader cookie and the provider's (else a reload would sign in again).
  expect((await page.request.get("/api/users/me")).status()).toBe(401);
  await page.goto("/comics");
  await expect(page).toHaveURL(/\/login\?next=%2Fcomics$/);
});

test("forgot password through the mailed link, then sign in with the new password", async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = `mai.${unique()}@vuon-truyen.vn`;
  const oldPassword = "mat-khau-cu-1";
  const newPassword = "mat-khau-moi-2";

  // The account exists (made straight through the provider's API, in a separate cookie jar).
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  const signUp = await api.post("/auth/sign-up/email", {
    data: { name: "Mai", email, password: oldPassword },
  });
  expect(signUp.status()).toBe(200);
  await api.dispose();

  await page.goto("/login?next=%2Fteams");
  await page.getByRole("link", { name: "Quên mật khẩu?" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Gửi đường dẫn đặt lại" }).click();
  await expect(page.getByRole("status")).toHaveText("Hãy kiểm tra hộp thư");
  await expect(page.getByText(email)).toBeVisible();

  const mail = await waitForMail(email);
  const link = /https?:\/\/\S+\/login\?mode=reset&token=[\w%.-]+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();

  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { name: "Đặt lại mật khẩu" })).toBeVisible();
  await page.getByLabel("Mật khẩu mới", { exact: true }).fill(newPassword);
  await page.getByLabel("Nhập lại mật khẩu mới").fill(newPassword);
  await page.getByRole("button", { name: "Lưu mật khẩu mới" }).click();
  await expect(page.getByRole("status")).toHaveText("Đã đổi mật khẩu");
  await page.getByRole("link", { name: "Đăng nhập" }).click();

  // The old password no longer works, and the refusal is shown in Vietnamese.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill(oldPassword);
  await page.getByRole("button", { name: "Đăng nhập" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email hoặc mật khẩu không đúng");

  await page.getByLabel("Mật khẩu", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Đăng nhập" }).click();
  await expect(page).toHaveURL(/\/$/);
  const menu = await openUserMenu(page);
  await expect(menu.getByText(email)).toBeVisible();

  // The link worked once only.
  await page.goto(link ?? "");
  await expect(page).toHaveURL(/\/$/); // still signed in: /login sends a signed-in user on
});

test("without configured providers no third-party button shows, and an outside next is not followed", async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = `hue.${unique()}@vuon-truyen.vn`;
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  expect(
    (
      await api.post("/auth/sign-up/email", { data: { name: "Huệ", email, password: "hoa-hue-trang" } })
    ).status(),
  ).toBe(200);
  await api.dispose();

  await page.goto("/login?next=https%3A%2F%2Fevil.example%2F");
  await expect(page.getByRole("heading", { name: "Đăng nhập" })).toBeVisible();
  expect((await (await page.request.get("/auth/providers")).json()) as unknown[]).toEqual([]);
  await expect(page.getByText("Tiếp tục với")).toHaveCount(0);

  await page.getByRole("button", { name: "Đăng nhập" }).click();
  await expect(page.getByText("Email là bắt buộc")).toBeVisible();
  await expect(page.getByText("Mật khẩu là bắt buộc")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill("hoa-hue-trang");
  await page.getByRole("button", { name: "Đăng nhập" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
});
