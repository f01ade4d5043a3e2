import { expect, test } from "@playwright/test";

test("visiting /comics signed out lands on /login?next=%2Fcomics, replacing history", async ({ page }) => {
  await page.goto("/comics");
  await expect(page).toHaveURL(/\/login\?next=%2Fcomics$/);
  // The guard replaces history: only the blank start page and the login page are in it.
  expect(await page.evaluate(() => window.history.length)).toBe(2);
});

test("a first visit signed out gets the sign-in page from the server, without the dashboard's scripts", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  const response = await page.goto("/comics/12/chapters?page=2");
  // One redirect from the server, no document of the dashboard in between.
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/comics\/12\/chapters\?page=2$/);
  await expect(page).toHaveURL(/\/login\?next=%2Fcomics%2F12%2Fchapters%3Fpage%3D2$/);
  await expect(page.getByRole("button", { name: "Đăng nhập", exact: true })).toBeVisible();
  const dashboardEntry = /<script type="module"[^>]* src="([^"]+)"/.exec(
    await (await page.request.get("/index.html")).text(),
  )?.[1];
  expect(dashboardEntry).toBeTruthy();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts).not.toContain(dashboardEntry);
});

test("an unknown path shows the 404 page in Vietnamese", async ({ page }) => {
  await page.goto("/khong-co-trang-nay");
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByText("Không tìm thấy trang")).toBeVisible();
});

test("the API answers health and JSON 404s through the same port", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.ok()).toBe(true);
  const body = await health.json();
  expect(body).toMatchObject({ status: "ok", db: "pglite", storage: "local" });
  const missing = await request.get("/api/definitely-not-here");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ code: "NOT_FOUND" });
});
