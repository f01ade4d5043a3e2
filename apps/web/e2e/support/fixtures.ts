/**
 * Helpers shared by the end-to-end specs: unique names, generated images the server's content
 * check accepts, and a signed-up user in a browser context of their own.
 */
import { deflateSync } from "node:zlib";
import { type Browser, expect, type Page } from "@playwright/test";
import { ADMIN_EMAIL } from "../../playwright.config";
import { waitForMail } from "./mail";

export const PASSWORD = "hoa-mai-no-ro";
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A real PNG of width x height (a vertical two-colour gradient), built byte by byte. */
export function png(width: number, height: number, rgb: [number, number, number] = [46, 160, 67]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const shade = Math.round((y / height) * 120);
    const pixel = [Math.min(255, rgb[0] + shade), rgb[1], Math.max(0, rgb[2] - shade / 2)];
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(pixel, 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Publishes the chapter open in the editor and waits for `done` (the toast). The drawn test pages
 * are small gradients that the page checks flag (narrow, blank, all one picture; docs/page-checks.md),
 * and publishing with findings left asks once: the question is answered "Vẫn đăng". The page-checks
 * spec asserts the question itself.
 */
export async function publishChapter(page: Page, done = "Đã đăng chương") {
  await page.getByRole("button", { name: "Đăng chương", exact: true }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: done }).first();
  const ask = page.getByRole("alertdialog").filter({ hasText: "Vẫn đăng chương?" });
  await expect(toast.or(ask)).toBeVisible();
  if (await ask.isVisible()) await ask.getByRole("button", { name: "Vẫn đăng" }).click();
  await expect(toast).toBeVisible();
}

/**
 * A new user registered through the embedded identity provider, signed in, in a browser context of
 * their own, with a page open at `landing` (the sign-in page exchanges the provider session on load).
 */
export async function signUp(browser: Browser, baseURL: string, name: string, landing = "/") {
  // A Vietnamese name makes an ASCII address ("Nguyễn Văn An" -> nguyen.van.an.<stamp>@...).
  const local = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/đ/gi, "d")
    .toLowerCase()
    .replace(/\s+/g, ".");
  const email = `${local}.${unique()}@vuon-truyen.vn`;
  const context = await browser.newContext({ baseURL, locale: "vi-VN" });
  const response = await context.request.post("/auth/sign-up/email", {
    headers: { origin: baseURL },
    data: { name, email, password: PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const page = await context.newPage();
  // Without the dashboard's session cookie yet, the server sends the page to /login, which exchanges
  // the provider session and then loads `landing`: wait for it, so no later goto races that load.
  await page.goto(landing);
  const path = new URL(landing, baseURL).pathname;
  await page.waitForURL((url) => url.pathname === path);
  return { context, page, email, name };
}

/**
 * Proves the user's e-mail the way a person does: opens the link of the verification mail the
 * server sent at sign-up (over SMTP to the e2e mail sink). The link ends the sign-up password, so
 * the page asks for the password to sign in with from now on: `password` (the suite's PASSWORD
 * unless given). The dashboard then lands on / with a notice, and the "verify your e-mail" banner
 * is gone. Team invitations need this.
 */
export async function verifyEmailByMail(page: Page, email: string, password = PASSWORD) {
  const text = await waitForMail(email, 15_000, "/verify-email?token=");
  const link = text.match(/https?:\/\/[^\s<>"']+\/verify-email\?token=[^\s<>"']+/)?.[0];
  expect(link, "the verification link").toBeDefined();
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByText("Đã xác nhận email: hãy chọn mật khẩu")).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Mật khẩu mới", { exact: true }).fill(password);
  await page.getByLabel("Nhập lại mật khẩu mới", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Lưu mật khẩu mới" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(page.getByRole("region", { name: /Hãy xác nhận email|Confirm your email/ })).toBeHidden();
  return url.pathname + url.search;
}

/**
 * A platform admin of this run (`email`, listed in ADMIN_EMAILS by playwright.config.ts), signed
 * in, on /admin. The first call registers and opens the mailed verification link: ADMIN_EMAILS
 * applies to the session that link opens (made after the proof; the sign-up's own session and
 * password end with it, see docs/identity.md), where the admin chooses the password again; a later
 * call (a retry) signs in with it at once.
 */
export async function signUpAdmin(browser: Browser, baseURL: string, email = ADMIN_EMAIL) {
  const signIn = async () => {
    const context = await browser.newContext({ baseURL, locale: "vi-VN" });
    const known = await context.request.post("/auth/sign-in/email", {
      headers: { origin: baseURL },
      data: { email, password: PASSWORD },
    });
    if (!known.ok()) {
      await context.close();
      return null;
    }
    const page = await context.newPage();
    await page.goto("/admin");
    // The first dashboard load of a cold server (chunks, the admin's lists) may take a while.
    await expect(page.getByRole("heading", { level: 1, name: "Quản trị" })).toBeVisible({ timeout: 30_000 });
    return { context, page };
  };
  const existing = await signIn();
  if (existing) return existing;
  const context = await browser.newContext({ baseURL, locale: "vi-VN" });
  const response = await context.request.post("/auth/sign-up/email", {
    headers: { origin: baseURL },
    data: { name: "Quản Trị Viên", email, password: PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const first = await context.newPage();
  // The first dashboard visit creates the user, which mails the verification link. Without the
  // dashboard's cookie the server sends it through /login, which exchanges the provider session and
  // then loads /: wait for it, so opening the link does not race that load.
  await first.goto("/");
  await first.waitForURL((url) => url.pathname === "/");
  await verifyEmailByMail(first, email);
  // The session the link opened is the admin's.
  await first.goto("/admin");
  await expect(first.getByRole("heading", { level: 1, name: "Quản trị" })).toBeVisible({ timeout: 30_000 });
  return { context, page: first };
}
