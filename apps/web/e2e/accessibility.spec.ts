/**
 * Accessibility and phones. One admin (who owns a team) and one set of seed data serve
 * every test of this file:
 * - axe-core (WCAG 2.1 A and AA) on every route of the dashboard, in the light and the dark theme,
 *   at desktop (1280x800) and phone (390x844) size; any violation fails, listed as
 *   "route · size · theme: rule (elements)". Each route is loaded once per size and checked in both
 *   themes (the theme follows the system's colour scheme, switched without a reload); the
 *   signed-out pages (/login in each view, /verify-email with a bad link) the same way, without a
 *   session;
 * - at phone size: the chapter editor's Save/Publish bar stays on screen, the page checkbox is a
 *   24 px target, the members, admin users and trash tables are cards with nothing clipped or off
 *   screen, no page scrolls sideways. With A11Y_SHOTS=<dir> it also saves those screens in vi and en,
 *   desktop and phone.
 */
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { gradientPng } from "./image-pipeline/images";
import { signUpAdmin, unique } from "./support/fixtures";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const THEMES = ["light", "dark"] as const;
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

test.describe.configure({ mode: "serial" });

let context: BrowserContext;
let page: Page;
const seed = { stamp: "", comicId: 0, teamId: 0, chapterId: 0, adminName: "" };
let routes: string[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const stamp = unique();
  const admin = await signUpAdmin(browser, baseURL!);
  context = admin.context;
  page = admin.page;
  const request = context.request;
  const headers = { "x-app-origin": baseURL! };
  const post = async (path: string, data: object) => {
    const response = await request.post(path, { headers, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const cover = async () => {
    const response = await request.post("/api/comics/covers", {
      headers,
      multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: await gradientPng(600, 800) } },
    });
    return (await response.json()).key as string;
  };
  // A team with an invitation, two comics (one 18+, a merge request between them), a chapter with
  // pages, a chapter in the trash, an author, an API token.
  const team = await post("/api/teams", { name: `Nhóm Truy Cập ${stamp}` });
  await post(`/api/teams/${team.id}/invitations`, { email: `moi.${stamp}@vuon-truyen.vn`, role: "uploader" });
  const comic = await post("/api/comics", {
    teamId: team.id,
    title: `Vườn Dễ Đọc ${stamp}`,
    thumbnail: await cover(),
    isMature: true,
  });
  const target = await post("/api/comics", {
    teamId: team.id,
    title: `Vườn Đích ${stamp}`,
    thumbnail: await cover(),
  });
  await post("/api/comics/mergeRequest", {
    comicId: comic.id,
    targetComicId: target.id,
    teamId: team.id,
    reason: "Trùng truyện",
  });
  const chapter = await post("/api/chapters", { comicId: comic.id, order: 1, name: "Mở đầu" });
  for (const n of [1, 2, 3]) {
    const upload = await request.post(`/api/chapters/${chapter.id}/pages`, {
      headers,
      multipart: {
        files: { name: `00${n}.png`, mimeType: "image/png", buffer: await gradientPng(300, 450) },
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
  }
  const gone = await post("/api/chapters", { comicId: comic.id, order: 2, name: "Bỏ đi" });
  expect((await request.delete(`/api/chapters/${gone.id}`, { headers })).ok()).toBe(true);
  await post("/api/authors", { name: `Tác Giả ${stamp}` });
  await post("/api/tokens", { name: "máy nhà", teamId: team.id, scope: "upload" });
  Object.assign(seed, { stamp, comicId: comic.id, teamId: team.id, chapterId: chapter.id });

  const c = `/comics/${comic.id}`;
  const t = `/teams/${team.id}`;
  routes = [
    "/",
    "/comics",
    "/comics/upload",
    "/comics/request",
    c,
    `${c}/info`,
    `${c}/thumbnail`,
    `${c}/volumes`,
    `${c}/chapters`,
    `${c}/chapters/new`,
    `${c}/chapters/${chapter.id}`,
    `${c}/history`,
    "/teams",
    t,
    `${t}/info`,
    `${t}/members`,
    `${t}/donate`,
    `${t}/credit`,
    "/authors",
    "/artists",
    "/characters",
    "/requests",
    "/tokens",
    "/admin",
    "/admin?tab=users",
    "/admin?tab=teams",
    "/admin?tab=trash",
    "/admin?tab=audit",
    "/khong-co-trang-nay",
  ];
});

test.afterAll(async () => {
  await context?.close();
});

/** Loads a route and waits until its page, not a loading state, is drawn. */
async function open(p: Page, path: string) {
  await p.goto(path);
  await expect(p.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(p.locator('[aria-busy="true"], [data-state="loading"]')).toHaveCount(0, { timeout: 30_000 });
  // Colours are measured at rest: no transition between the light and the dark values.
  await p.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
  });
}

async function violationsOf(p: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page: p }).withTags(WCAG_21_AA).analyze();
  return violations.map((v) => {
    const nodes = v.nodes.slice(0, 4).map((n) => {
      const why = n.failureSummary?.split("\n")[1]?.trim();
      return `${n.target.join(" ")}${why ? ` — ${why}` : ""}`;
    });
    return `${where}: ${v.id} (${nodes.join("; ")})`;
  });
}

async function axeEveryRoute(size: "desktop" | "phone") {
  await page.setViewportSize(size === "desktop" ? DESKTOP : PHONE);
  const found: string[] = [];
  for (const route of routes) {
    await page.emulateMedia({ colorScheme: "light" });
    await open(page, route);
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      found.push(...(await violationsOf(page, `${route} · ${size} · ${theme}`)));
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  expect(found, found.join("\n")).toEqual([]);
}

test("axe: no WCAG 2.1 A/AA violation on any route, light and dark, at desktop size", async () => {
  test.setTimeout(480_000);
  await axeEveryRoute("desktop");
});

test("axe: no WCAG 2.1 A/AA violation on any route, light and dark, at phone size", async () => {
  test.setTimeout(480_000);
  await axeEveryRoute("phone");
});

/**
 * The signed-out pages: /login (its own document) in each of its views, and /verify-email with a
 * link that is no good (the page a changed, expired or used link lands on). A fresh context, so no
 * session: the same axe rules, both themes, both sizes.
 */
test("axe: the signed-out pages (sign in, register, forgot and reset password, a bad verification link)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const guest = await browser.newContext({ baseURL, locale: "vi-VN" });
  const p = await guest.newPage();
  const signedOut: [string, RegExp][] = [
    ["/login", /Đăng nhập/],
    ["/login?view=register", /Đăng ký/],
    ["/login?view=forgot-password", /Quên mật khẩu/],
    ["/login?mode=reset&token=khong-hop-le", /mật khẩu/i],
    ["/verify-email?token=khong-hop-le", /Không xác nhận được email/],
  ];
  const found: string[] = [];
  try {
    for (const size of ["desktop", "phone"] as const) {
      await p.setViewportSize(size === "desktop" ? DESKTOP : PHONE);
      for (const [route, ready] of signedOut) {
        await p.emulateMedia({ colorScheme: "light" });
        await p.goto(route);
        await expect(p.getByText(ready).first()).toBeVisible({ timeout: 30_000 });
        // The verification page checks the link first: measured once its answer is drawn.
        await expect(p.locator('[role="status"]').filter({ has: p.locator(".animate-spin") })).toHaveCount(
          0,
          {
            timeout: 30_000,
          },
        );
        await p.addStyleTag({
          content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
        });
        for (const theme of THEMES) {
          await p.emulateMedia({ colorScheme: theme });
          if (theme === "dark") await expect(p.locator("html")).toHaveClass(/\bdark\b/);
          else await expect(p.locator("html")).not.toHaveClass(/\bdark\b/);
          found.push(...(await violationsOf(p, `${route} · ${size} · ${theme}`)));
        }
      }
    }
  } finally {
    await guest.close();
  }
  expect(found, found.join("\n")).toEqual([]);
});

/** Nothing on the page is wider than the screen (no sideways scrolling). */
async function expectNoSidewaysScroll(p: Page) {
  const widths = await p.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, "page wider than the screen").toBeLessThanOrEqual(widths.view);
}

/** Fully inside the screen's width, and its text not cut ("B…"): scrollWidth fits clientWidth. */
async function expectWhole(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x, "starts on screen").toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, "ends on screen").toBeLessThanOrEqual(PHONE.width);
  const cut = await locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut, "text cut off").toBe(false);
}

test("phone: editor actions always reachable, 24 px targets, tables as cards with nothing clipped", async () => {
  test.setTimeout(240_000);
  const shots = process.env.A11Y_SHOTS;
  await page.setViewportSize(PHONE);
  const { comicId, teamId, chapterId } = seed;

  // The chapter editor: Save stays on screen from the top of the form to its end.
  await open(page, `/comics/${comicId}/chapters/${chapterId}`);
  const save = page.getByRole("button", { name: "Lưu chương", exact: true });
  const publish = page.getByRole("button", { name: "Đăng chương", exact: true });
  await expect(save).toBeInViewport();
  await page.getByRole("listitem", { name: "Trang 3" }).scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();
  // The last card of the form (below the pages on a phone): the bar is still there, both buttons.
  await page
    .getByText("Cấu hình nâng cao")
    .first()
    .evaluate((el) => el.scrollIntoView({ block: "start" }));
  await expect(save).toBeInViewport();
  await expect(publish).toBeInViewport();
  for (const checkbox of await page.getByRole("checkbox", { name: /^Chọn trang/ }).all()) {
    const box = (await checkbox.boundingBox())!;
    expect(Math.min(box.width, box.height), "page checkbox target").toBeGreaterThanOrEqual(24);
  }
  await expectNoSidewaysScroll(page);

  // Members: the admin's own card shows the whole name, e-mail and the "Bạn" badge.
  await open(page, `/teams/${teamId}/members`);
  const me = page.getByRole("row").filter({ hasText: "Bạn" });
  await expectWhole(me.getByText("Quản Trị Viên", { exact: true }));
  await expectWhole(me.getByText("Bạn", { exact: true }));
  await expectWhole(me.getByText(/quan\.tri\.e2e@vuon-truyen\.vn/).filter({ visible: true }));
  await expectNoSidewaysScroll(page);

  // Admin users and trash: every action button on screen, no sideways table.
  await open(page, "/admin?tab=users");
  const adminRow = page.getByRole("row").filter({ hasText: "quan.tri.e2e@vuon-truyen.vn" });
  await expectWhole(adminRow.getByText("quan.tri.e2e@vuon-truyen.vn", { exact: true }));
  for (const button of await adminRow.getByRole("button").all()) await expectWhole(button);
  await expectNoSidewaysScroll(page);
  await open(page, "/admin?tab=trash");
  const trashRow = page.getByRole("row").filter({ hasText: "Bỏ đi" });
  await expect(trashRow).toBeVisible();
  for (const button of await trashRow.getByRole("button").all()) await expectWhole(button);
  await expectNoSidewaysScroll(page);

  if (!shots) return;
  // The screens for a person to look at: vi and en, desktop and phone.
  for (const lang of ["vi", "en"] as const) {
    await page.evaluate((l) => window.localStorage.setItem("vt-language", l), lang);
    for (const [tag, size] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(size);
      for (const [name, path] of [
        ["chapter-editor", `/comics/${comicId}/chapters/${chapterId}`],
        ["members", `/teams/${teamId}/members`],
        ["admin-users", "/admin?tab=users"],
        ["trash", "/admin?tab=trash"],
      ] as const) {
        await open(page, path);
        await page.screenshot({ path: `${shots}/${name}-${lang}-${tag}.png`, fullPage: tag === "desktop" });
      }
    }
  }
  await page.evaluate(() => window.localStorage.setItem("vt-language", "vi"));
});

test("closing a dialog gives focus back to the button that opened it (menu item, row action)", async () => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  // The profile dialog, opened from the user menu: focus comes back to the user-menu button.
  await open(page, "/");
  const account = page.getByRole("button", { name: /Mở menu tài khoản/ });
  await account.click();
  await page.getByRole("menuitem", { name: "Hồ sơ" }).click();
  await expect(page.getByRole("dialog", { name: "Hồ sơ của bạn" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(account).toBeFocused();

  // A confirmation opened from a row's menu: Cancel gives focus back to the row's menu button.
  await open(page, `/comics/${seed.comicId}/chapters`);
  const actions = page.getByRole("button", { name: /^Thao tác với Chương 1/ });
  await actions.click();
  await page.getByRole("menuitem", { name: "Xóa" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Hủy" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(actions).toBeFocused();
});
