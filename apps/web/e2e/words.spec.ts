import { expect, type Page, test } from "@playwright/test";
import { gradientPng } from "./image-pipeline/images";
import { signUp, unique } from "./support/fixtures";

/**
 * The dashboard's words (docs/glossary.md): the published status, the members list in words, and
 * the screens of /comics, a chapter editor and a team's members page in vi and en, desktop and
 * phone (written to WORDS_SHOTS when set, for the review note).
 */
test("published status, glossary roles and whole page names, in both languages and sizes", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = unique();
  const { context, page } = await signUp(browser, baseURL!, "Nguyễn Văn An", "/teams");
  // The uploader session exists once the signed-in shell shows.
  await expect(page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible({ timeout: 60_000 });
  const headers = { "x-app-origin": baseURL! };
  const request = context.request;
  const team = await request.post("/api/teams", {
    headers,
    data: { name: `Nhóm Hoa Mai ${stamp}`, website: "hoamai.vn" },
  });
  expect(team.ok(), await team.text()).toBe(true);
  const teamId = (await team.json()).id as number;
  const cover = await request.post("/api/comics/covers", {
    headers,
    multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: await gradientPng(600, 800) } },
  });
  const comic = await request.post("/api/comics", {
    headers,
    data: { teamId, title: `Vườn Mai ${stamp}`, thumbnail: (await cover.json()).key },
  });
  expect(comic.ok(), await comic.text()).toBe(true);
  const comicId = (await comic.json()).id as number;
  // A second comic and a pending merge request into it: the list names the merge's target.
  const cover2 = await request.post("/api/comics/covers", {
    headers,
    multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: await gradientPng(600, 800) } },
  });
  const target = await request.post("/api/comics", {
    headers,
    data: { teamId, title: `Hoa Đào ${stamp}`, thumbnail: (await cover2.json()).key },
  });
  expect(target.ok(), await target.text()).toBe(true);
  const merge = await request.post("/api/comics/mergeRequest", {
    headers,
    data: { comicId, targetComicId: (await target.json()).id, teamId, reason: "Trùng truyện" },
  });
  expect(merge.ok(), await merge.text()).toBe(true);
  const created = await request.post("/api/chapters", {
    headers,
    data: { comicId, order: 1, name: "Lời hứa" },
  });
  const chapter = await created.json();
  const longName = "001 - trang mo dau cua chuong mot.png";
  const upload = await request.post(`/api/chapters/${chapter.id}/pages`, {
    headers,
    multipart: { files: { name: longName, mimeType: "image/png", buffer: await gradientPng(300, 450) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const [stored] = (await upload.json()).pages as { id: number }[];
  const fresh = await (await request.get(`/api/chapters/${chapter.id}`)).json();
  const published = await request.put(`/api/chapters/${chapter.id}`, {
    headers,
    data: {
      id: chapter.id,
      name: "Lời hứa",
      order: 1,
      version: fresh.version,
      pages: [{ id: stored!.id }],
      publish: true,
    },
  });
  expect(published.ok(), await published.text()).toBe(true);

  const shots = process.env.WORDS_SHOTS;
  const views = [
    { lang: "vi", size: { width: 1280, height: 800 }, tag: "desktop" },
    { lang: "vi", size: { width: 390, height: 844 }, tag: "phone" },
    { lang: "en", size: { width: 1280, height: 800 }, tag: "desktop" },
    { lang: "en", size: { width: 390, height: 844 }, tag: "phone" },
  ] as const;
  const shoot = async (p: Page, name: string) => {
    if (!shots) return;
    // Every query settled (breadcrumb names, the e-mail banner), so the picture is the page a user reads.
    await p.waitForLoadState("networkidle");
    await p.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  };
  for (const view of views) {
    await page.setViewportSize(view.size);
    await page.evaluate((lang) => window.localStorage.setItem("vt-language", lang), view.lang);
    const vi = view.lang === "vi";

    await page.goto("/comics");
    await expect(page.getByText(`Vườn Mai ${stamp}`).filter({ visible: true }).first()).toBeVisible();
    const pending = vi ? `Đang chờ gộp vào «Hoa Đào ${stamp}»` : `Merge into «Hoa Đào ${stamp}» pending`;
    await expect(page.getByText(pending).filter({ visible: true }).first()).toBeVisible();
    await shoot(page, `comics-${view.lang}-${view.tag}`);

    await page.goto(`/comics/${comicId}/chapters`);
    await expect(
      page
        .getByText(vi ? "Đã đăng" : "Published")
        .filter({ visible: true })
        .first(),
    ).toBeVisible();

    await page.goto(`/comics/${comicId}/chapters/${chapter.id}`);
    // A page stored earlier (uploaded here through the API) has no local file name: its tile is
    // named by position. Whole local file names on tiles are covered by chapter-words.test.tsx.
    await expect(page.getByRole("listitem", { name: vi ? "Trang 1" : "Page 1" }).first()).toBeVisible();
    await shoot(page, `chapter-editor-${view.lang}-${view.tag}`);

    await page.goto(`/teams/${teamId}/members`);
    await expect(
      page
        .getByText(vi ? "Trưởng nhóm" : "Owner")
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await shoot(page, `members-${view.lang}-${view.tag}`);
  }
  await context.close();
});
