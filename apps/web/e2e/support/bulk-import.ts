/** What the bulk import specs share: a signed-in uploader with a team and comics, small pages, the preview's fields. */
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { png, signUp, unique } from "./fixtures";

export type StoredChapter = {
  id: number;
  order: number;
  volume: number | null;
  name: string;
  status: string;
  state: string;
  publishAt: number | null;
  pageCount: number;
  pages: {
    id: number;
    url: string;
    src?: string;
    key?: string | null;
    clientId?: string | null;
    staged?: boolean;
  }[];
};

export const pagePng = (n: number) => new Uint8Array(png(24, 32, [(n * 37) % 200, 120, (n * 53) % 200]));

export async function uploaderWithComic(browser: Browser, baseURL: string) {
  const stamp = unique();
  const { context, page } = await signUp(browser, baseURL, "Bao Ngoc", "/teams");
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByRole("heading", { name: /^(Nhóm|Teams)$/ })).toBeVisible();
  const team = await context.request.post("/api/teams", {
    headers: { "x-app-origin": baseURL },
    data: { name: `Nhóm Ngọc ${stamp}` },
  });
  expect(team.ok(), await team.text()).toBe(true);
  const teamId = (await team.json()).id as number;
  return { context, page, teamId, comicId: await newComic(context, baseURL, teamId) };
}

/** Another comic of the team, so one test can import into two. */
export async function newComic(context: BrowserContext, baseURL: string, teamId: number): Promise<number> {
  const headers = { "x-app-origin": baseURL };
  const cover = await context.request.post("/api/comics/covers", {
    headers,
    multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: png(600, 800) } },
  });
  expect(cover.ok(), await cover.text()).toBe(true);
  const comic = await context.request.post("/api/comics", {
    headers,
    data: { teamId, title: `Vườn Mây ${unique()}`, thumbnail: (await cover.json()).key },
  });
  expect(comic.ok(), await comic.text()).toBe(true);
  return (await comic.json()).id as number;
}

/** The values of the preview's text boxes whose label starts with `label`, top to bottom. */
export const values = (page: Page, label: string) =>
  page
    .getByRole("textbox", { name: new RegExp(`^${label} `) })
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

/**
 * Waits for a bulk import to end with `done`. An import that publishes first reads the stored
 * chapters' page checks and, when any finding is left (the specs' small drawn pages are narrow), asks
 * once: "Vẫn đăng" answers it (docs/bulk-import.md, "Run").
 */
export async function finishImport(page: Page, done: string, timeout: number) {
  const doneLine = page.getByTestId("bulk-import-done");
  const review = page.getByTestId("bulk-import-review");
  await expect(doneLine.or(review)).toBeVisible({ timeout });
  if (await review.isVisible()) await page.getByRole("button", { name: "Vẫn đăng", exact: true }).click();
  await expect(doneLine).toHaveText(done, { timeout });
}
