/**
 * Issue 28, accessibility: axe-core (WCAG 2.1 A and AA) on every route of the dashboard, in the
 * light and the dark theme, at desktop (1280x800) and phone (390x844) size; any violation fails,
 * listed as "route · size · theme: rule (elements)". One admin (who owns a team) and one set of
 * seed data serve every route: each route is loaded once per size and checked in both themes
 * (the theme follows the system's colour scheme, switched without a reload).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { gradientPng } from "./image-pipeline/images";
import { signUpAdmin, unique } from "./support/fixtures";

const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;
const THEMES = ["light", "dark"] as const;
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Loads a route and waits until its page (not the shell's loading state) is drawn. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  // Colours are measured at rest: no transition between the light and the dark values.
  await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
  });
}

async function violationsOf(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.nodes
        .slice(0, 4)
        .map(
          (n) =>
            `${n.target.join(" ")}${n.failureSummary ? ` — ${n.failureSummary.split("\n").slice(1, 2).join("").trim()}` : ""}`,
        )
        .join("; ")})`,
  );
}

test("axe finds no WCAG 2.1 A/AA violation on any route, light and dark, desktop and phone", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const stamp = unique();
  const admin = await signUpAdmin(browser, baseURL!);
  const { page, context } = admin;
  const request = context.request;
  const headers = { "x-app-origin": baseURL! };
  const post = async (path: string, data: object) => {
    const response = await request.post(path, { headers, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const cover = async () =>
    (
      await (
        await request.post("/api/comics/covers", {
          headers,
          multipart: {
            file: { name: "cover.png", mimeType: "image/png", buffer: await gradientPng(600, 800) },
          },
        })
      ).json()
    ).key as string;

  // Seed: a team with an invitation, two comics (one 18+, one merge request between them), a
  // chapter with a page, an author, an API token.
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
  const upload = await request.post(`/api/chapters/${chapter.id}/pages`, {
    headers,
    multipart: { files: { name: "001.png", mimeType: "image/png", buffer: await gradientPng(300, 450) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await post("/api/authors", { name: `Tác Giả ${stamp}` });
  await post("/api/tokens", { name: "máy nhà", teamId: team.id, scope: "upload" });

  const c = `/comics/${comic.id}`;
  const t = `/teams/${team.id}`;
  const routes = [
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

  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    for (const route of routes) {
      await page.emulateMedia({ colorScheme: "light" });
      await open(page, route);
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
        found.push(...(await violationsOf(page, `${route} · ${size.name} · ${theme}`)));
      }
    }
  }
  expect(found, found.join("\n")).toEqual([]);
  await context.close();
});
