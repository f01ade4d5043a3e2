import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { pageClientId } from "@vt/shared/client-id";
import { BlobWriter, Uint8ArrayReader, ZipWriter } from "@zip.js/zip.js";
import { gradientGif, gradientJpeg, gradientPng } from "./image-pipeline/images";
import { png, signUp, unique } from "./support/fixtures";

/**
 * Bulk import on the comic's chapter list (docs/bulk-import.md): one zip of five chapters in mixed
 * naming styles (folders and inner zips, one with 60 small pages, one with a 1500x9000 strip split
 * into three) goes through the preview table and the chapter editor's page pipeline, and each
 * chapter reads back with its order and pages. A real folder dropped on the folder picker reads
 * the same way, and the same folder uploaded with `npm run upload` and a token stores the same
 * bytes as the dashboard for pages that need no downscale (docs/bulk-import.md, "Which pages are
 * uploaded byte for byte").
 */

type StoredChapter = {
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

async function zipOf(entries: readonly (readonly [string, Uint8Array])[]): Promise<Uint8Array> {
  const writer = new ZipWriter(new BlobWriter(), { level: 0 });
  for (const [name, bytes] of entries) await writer.add(name, new Uint8ArrayReader(bytes));
  return new Uint8Array(await (await writer.close()).arrayBuffer());
}

const pagePng = (n: number) => new Uint8Array(png(24, 32, [(n * 37) % 200, 120, (n * 53) % 200]));

/** Five chapters: "Vol.1 Ch.1 - Title", "Chapter 2" (60 pages), an inner mupl zip, "3 - Title", an inner oneshot cbz. */
async function seriesZip(): Promise<Buffer> {
  const innerExtra = await zipOf([
    ["2.png", pagePng(2)],
    ["1.png", pagePng(1)],
  ]);
  const innerOneshot = await zipOf([
    ["p10.png", pagePng(10)],
    ["p2.png", pagePng(2)],
    ["p1.png", pagePng(1)],
  ]);
  const entries: [string, Uint8Array][] = [
    ["Series/Vol.1 Ch.1 - Khởi đầu/10.png", pagePng(10)],
    ["Series/Vol.1 Ch.1 - Khởi đầu/2.png", pagePng(2)],
    ["Series/Vol.1 Ch.1 - Khởi đầu/1.png", pagePng(1)],
    ...Array.from({ length: 60 }, (_, i): [string, Uint8Array] => [
      `Series/Chapter 2/${i + 1}.png`,
      pagePng(i),
    ]),
    ["Series/c002.5 (v01) (Ngoại truyện) [Nhóm Lan].zip", innerExtra],
    ["Series/3 - Trở về/a.png", pagePng(3)],
    ["Series/3 - Trở về/b.png", pagePng(4)],
    ["Series/3 - Trở về/c.jpg", new Uint8Array(await gradientJpeg(1500, 9000, 0, 85))],
    ["Series/Oneshot - Mùa hè.cbz", innerOneshot],
    ["Series/readme.txt", new TextEncoder().encode("not a page")],
  ];
  return Buffer.from(await zipOf(entries));
}

async function uploaderWithComic(browser: Browser, baseURL: string) {
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
async function newComic(context: BrowserContext, baseURL: string, teamId: number): Promise<number> {
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

async function openPreview(page: Page, comicId: number, zip: Buffer, openLabel: RegExp) {
  await page.goto(`/comics/${comicId}/chapters`);
  await page.getByRole("button", { name: openLabel }).click();
  await page
    .getByTestId("bulk-import-zip-input")
    .setInputFiles({ name: "Series.zip", mimeType: "application/zip", buffer: zip });
}

const shots = process.env.BULK_SCREENSHOTS;

/** The values of the preview's text boxes whose label starts with `label`, top to bottom. */
const values = (page: Page, label: string) =>
  page
    .getByRole("textbox", { name: new RegExp(`^${label} `) })
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

test("imports a zip of five chapters through the preview table", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { context, page, comicId } = await uploaderWithComic(browser, baseURL!);
  const zip = await seriesZip();
  await openPreview(page, comicId, zip, /Nhập nhiều chương/);

  const rows = page.getByTestId("bulk-import-row");
  await expect(rows).toHaveCount(5);
  // Sorted by order: the oneshot first, then 1, 2, 2.5, 3; volumes and titles from the names.
  expect(await values(page, "Số thứ tự")).toEqual(["oneshot", "1", "2", "2.5", "3"]);
  expect(await values(page, "Tập")).toEqual(["", "1", "", "1", ""]);
  expect(await values(page, "Tên chương")).toEqual(["Mùa hè", "Khởi đầu", "", "Ngoại truyện", "Trở về"]);
  await expect(rows.nth(2)).toContainText("60");
  await expect(page.getByText("Bỏ qua 1 tệp không thuộc chương nào")).toBeVisible();
  await expect(page.getByTestId("bulk-import-summary")).toHaveText("5 chương, 71 trang");

  // A duplicate order blocks the start until it is fixed.
  await page.getByRole("textbox", { name: "Số thứ tự 3 - Trở về" }).fill("2");
  await expect(rows.nth(2).locator('[data-warning="duplicateOrder"]')).toHaveText("Trùng số thứ tự");
  await expect(page.getByRole("button", { name: "Bắt đầu nhập" })).toBeDisabled();
  await page.getByRole("textbox", { name: "Số thứ tự 3 - Trở về" }).fill("3");
  await page.getByRole("textbox", { name: "Tên chương Chapter 2" }).fill("Gió mùa");
  if (shots) await page.screenshot({ path: path.join(shots, "bulk-preview-vi.png") });

  // The strip of chapter 3 is cut into 3 pages (the team's default is off; ticked for this import).
  await page.getByRole("switch", { name: "Cắt trang quá dài" }).click();
  // The preview then counts pages after splitting, from the image headers: the strip is 3 pages.
  await expect(page.getByTestId("bulk-import-summary")).toHaveText("5 chương, 73 trang");
  await expect(rows.nth(4)).toContainText("5");
  await expect(page.getByTestId("bulk-import-split-note")).toContainText("Số trang đã gồm các trang cắt ra");
  await page.getByRole("combobox", { name: "Sau khi tải lên" }).click();
  await page.getByRole("option", { name: "Đăng tất cả" }).click();
  await page.getByRole("button", { name: "Bắt đầu nhập" }).click();
  await expect(page.getByTestId("bulk-import-done")).toHaveText("Đã nhập xong 5 chương.", {
    timeout: 180_000,
  });
  await expect(page.getByTestId("bulk-import-overall")).toHaveText("Tiến độ chung: 73/73 trang");
  if (shots) await page.screenshot({ path: path.join(shots, "bulk-done-vi.png") });

  const list = await context.request.get(`/api/chapters/comic/${comicId}?sort=asc`);
  const chapters = (await list.json()) as StoredChapter[];
  expect(chapters.map((c) => [c.order, c.volume, c.name, c.pageCount, c.status])).toEqual([
    [-1, null, "Mùa hè", 3, "published"],
    [1, 1, "Khởi đầu", 3, "published"],
    [2, null, "Gió mùa", 60, "published"],
    [2.5, 1, "Ngoại truyện", 2, "published"],
    [3, null, "Trở về", 5, "published"],
  ]);
  const names = async (id: number) => {
    const detail = (await (await context.request.get(`/api/chapters/${id}`)).json()) as StoredChapter;
    return detail.pages.filter((p) => !p.staged).map((p) => (p.clientId ?? "").split("|")[0]);
  };
  const [oneshot, first, second, extra, third] = chapters.map((c) => c.id) as number[];
  const inner = "Series/Oneshot - Mùa hè.cbz";
  expect(await names(oneshot!)).toEqual([`${inner}/p1.png`, `${inner}/p2.png`, `${inner}/p10.png`]);
  expect(await names(first!)).toEqual(
    ["1.png", "2.png", "10.png"].map((n) => `Series/Vol.1 Ch.1 - Khởi đầu/${n}`),
  );
  expect(await names(second!)).toEqual(Array.from({ length: 60 }, (_, i) => `Series/Chapter 2/${i + 1}.png`));
  expect(await names(extra!)).toEqual(
    ["1.png", "2.png"].map((n) => `Series/c002.5 (v01) (Ngoại truyện) [Nhóm Lan].zip/${n}`),
  );
  expect(await names(third!)).toEqual([
    "Series/3 - Trở về/a.png",
    "Series/3 - Trở về/b.png",
    "c_1.jpg",
    "c_2.jpg",
    "c_3.jpg",
  ]);

  // The same zip again: every order is now an existing chapter, so nothing can start.
  await page.getByRole("button", { name: "Chọn lại" }).click();
  await page
    .getByTestId("bulk-import-zip-input")
    .setInputFiles({ name: "Series.zip", mimeType: "application/zip", buffer: zip });
  await expect(page.locator('[data-warning="existingChapter"]')).toHaveCount(5);
  await expect(page.getByRole("button", { name: "Bắt đầu nhập" })).toBeDisabled();

  if (shots) {
    const other = await uploaderWithComic(browser, baseURL!);
    await other.page.evaluate(() => window.localStorage.setItem("vt-language", "en"));
    await openPreview(other.page, other.comicId, zip, /Import many chapters/);
    await expect(other.page.getByTestId("bulk-import-row")).toHaveCount(5);
    await other.page.getByRole("textbox", { name: "Order 3 - Trở về" }).fill("2");
    await other.page.screenshot({ path: path.join(shots, "bulk-preview-en.png") });
    await other.context.close();
  }
  await context.close();
});

test("continues a draft left by a closed tab: stored pages are skipped", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page, comicId } = await uploaderWithComic(browser, baseURL!);
  const bytes = [pagePng(1), pagePng(2), pagePng(3)];
  const zip = Buffer.from(
    await zipOf([
      ...bytes.map((b, i): [string, Uint8Array] => [`Tập truyện/Chương 1/${i + 1}.png`, b]),
      ["Tập truyện/Chương 2/1.png", pagePng(4)],
    ]),
  );
  // The earlier run: chapter 1's draft with its second page stored, under the id the dashboard gives it.
  const headers = { "x-app-origin": baseURL! };
  const draft = await context.request.post("/api/chapters", {
    headers,
    data: { comicId, order: 1, name: "", publishAt: null },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const draftId = (await draft.json()).id as number;
  const sha = new Uint8Array(createHash("sha256").update(bytes[1]!).digest());
  const clientId = pageClientId("Tập truyện/Chương 1/2.png", bytes[1]!.byteLength, sha);
  const staged = await context.request.post(`/api/chapters/${draftId}/pages`, {
    headers,
    multipart: {
      clientIds: JSON.stringify([clientId]),
      files: { name: "2.png", mimeType: "image/png", buffer: Buffer.from(bytes[1]!) },
    },
  });
  expect(staged.ok(), await staged.text()).toBe(true);
  const stagedId = (await staged.json()).pages[0].id as number;

  await openPreview(page, comicId, zip, /Nhập nhiều chương/);
  const rows = page.getByTestId("bulk-import-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('[data-warning="resumeDraft"]')).toHaveText("Tiếp tục bản nháp");
  await page.getByRole("button", { name: "Bắt đầu nhập" }).click();
  await expect(page.getByTestId("bulk-import-done")).toHaveText("Đã nhập xong 2 chương.", {
    timeout: 90_000,
  });
  await expect(page.getByTestId("bulk-import-progress-row").first()).toContainText("Đã lưu bản nháp");

  const chapters = (await (
    await context.request.get(`/api/chapters/comic/${comicId}?sort=asc`)
  ).json()) as StoredChapter[];
  expect(chapters.map((c) => [c.id === draftId, c.order, c.pageCount, c.status])).toEqual([
    [true, 1, 3, "draft"],
    [false, 2, 1, "draft"],
  ]);
  const detail = (await (await context.request.get(`/api/chapters/${draftId}`)).json()) as StoredChapter;
  const saved = detail.pages.filter((p) => !p.staged);
  expect(saved.map((p) => (p.clientId ?? "").split("|")[0])).toEqual(
    [1, 2, 3].map((n) => `Tập truyện/Chương 1/${n}.png`),
  );
  // The page stored before was kept, not sent again.
  expect(saved[1]!.id).toBe(stagedId);
  await context.close();
});

test("schedules the chapters a fixed interval apart once all are stored", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page, comicId } = await uploaderWithComic(browser, baseURL!);
  const zip = Buffer.from(
    await zipOf([
      ["Chương 4/1.png", pagePng(1)],
      ["Chương 5/1.png", pagePng(2)],
      ["Chương 6/1.png", pagePng(3)],
    ]),
  );
  await openPreview(page, comicId, zip, /Nhập nhiều chương/);
  await expect(page.getByTestId("bulk-import-row")).toHaveCount(3);
  await page.getByRole("combobox", { name: "Sau khi tải lên" }).click();
  await page.getByRole("option", { name: "Hẹn đăng cách nhau" }).click();
  await page.getByLabel("Số giờ giữa hai chương").fill("0");
  await expect(page.getByText("Nhập số giờ từ 1 đến 720")).toBeVisible();
  await expect(page.getByRole("button", { name: "Bắt đầu nhập" })).toBeDisabled();
  await page.getByLabel("Số giờ giữa hai chương").fill("24");
  const started = Date.now();
  await page.getByRole("button", { name: "Bắt đầu nhập" }).click();
  await expect(page.getByTestId("bulk-import-done")).toHaveText("Đã nhập xong 3 chương.", {
    timeout: 90_000,
  });
  await expect(page.locator('[data-status="scheduled"]')).toHaveCount(2);

  const chapters = (await (
    await context.request.get(`/api/chapters/comic/${comicId}?sort=asc`)
  ).json()) as StoredChapter[];
  expect(chapters.map((c) => [c.order, c.state])).toEqual([
    [4, "visible"],
    [5, "scheduled"],
    [6, "scheduled"],
  ]);
  const hour = 3_600_000;
  for (const [i, c] of chapters.slice(1).entries()) {
    expect(c.publishAt).toBeGreaterThanOrEqual(started + (i + 1) * 24 * hour);
    expect(c.publishAt).toBeLessThan(Date.now() + (i + 1) * 24 * hour);
  }
  await context.close();
});

test("refuses a zip with a traversal name, with a translated message", async ({ browser, baseURL }) => {
  const { context, page, comicId } = await uploaderWithComic(browser, baseURL!);
  const evil = Buffer.from(
    await zipOf([
      ["Chapter 1/1.png", pagePng(1)],
      ["../evil/2.png", pagePng(2)],
    ]),
  );
  await openPreview(page, comicId, evil, /Nhập nhiều chương/);
  await expect(page.getByRole("alert")).toHaveText("Tệp nén có tên mục không an toàn: ../evil/2.png");
  await expect(page.getByTestId("bulk-import-row")).toHaveCount(0);
  const list = await context.request.get(`/api/chapters/comic/${comicId}?sort=asc`);
  expect(await list.json()).toEqual([]);
  await context.close();
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Writes `files` (relative path -> bytes) under a new temporary folder; returns the folder. */
function folderOf(files: Record<string, Uint8Array>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "vt-e2e-folder-"));
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), bytes);
  }
  return dir;
}

/** `npm run upload -- <args>` as a user runs it, with the token in VT_TOKEN; its exit code and output. */
function runUploadCli(args: string[], token: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "upload", "--", ...args], {
      cwd: repoRoot,
      env: { ...process.env, VT_TOKEN: token },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code, output }));
  });
}

async function chaptersOf(context: BrowserContext, comicId: number): Promise<StoredChapter[]> {
  return (await (
    await context.request.get(`/api/chapters/comic/${comicId}?sort=asc`)
  ).json()) as StoredChapter[];
}

/** A chapter's saved pages, in order: clientId path and the stored bytes. */
async function storedPages(context: BrowserContext, chapterId: number) {
  const detail = (await (await context.request.get(`/api/chapters/${chapterId}`)).json()) as StoredChapter;
  const pages = detail.pages.filter((p) => !p.staged);
  return Promise.all(
    pages.map(async (p) => {
      const file = await context.request.get(p.src ?? `/files/${p.url}`);
      expect(file.ok(), p.url).toBe(true);
      return { path: (p.clientId ?? "").split("|")[0], key: p.key ?? null, bytes: await file.body() };
    }),
  );
}

async function importFolder(page: Page, comicId: number, folder: string, chapters: number) {
  await page.goto(`/comics/${comicId}/chapters`);
  await page.getByRole("button", { name: /Nhập nhiều chương/ }).click();
  await page.getByTestId("bulk-import-folder-input").setInputFiles(folder);
  await expect(page.getByTestId("bulk-import-row")).toHaveCount(chapters);
}

test("the same folder through the dashboard and the CLI stores the same bytes for pages that need no downscale", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { context, page, teamId, comicId } = await uploaderWithComic(browser, baseURL!);
  const cliComicId = await newComic(context, baseURL!, teamId);
  // Pages at most 1500 px wide (JPEGs of several qualities, an opaque PNG), a GIF, and tall strips
  // that "split tall strips" cuts at 1500 px wide: no downscale anywhere, so both tools encode the
  // same pixels (JPEG q95, spec §9) and store the same bytes. "10.jpg" comes after "2.jpg".
  const sources: Record<string, Buffer> = {
    "Mây trắng/Chương 1/1.jpg": await gradientJpeg(800, 1200, 1, 80),
    "Mây trắng/Chương 1/2.jpg": await gradientJpeg(1500, 2200, 2, 85),
    "Mây trắng/Chương 1/10.jpg": await gradientJpeg(700, 1000, 3, 92),
    "Mây trắng/Chương 2/1.jpg": await gradientJpeg(1200, 1800, 4, 75),
    "Mây trắng/Chương 2/2.gif": await gradientGif(200, 300),
    "Mây trắng/Chương 2/3.png": await gradientPng(640, 960, 5),
    "Mây trắng/Chương 3/1.jpg": await gradientJpeg(1500, 7000, 6, 85),
    "Mây trắng/Chương 3/2.png": await gradientPng(900, 6500, 7),
  };
  const dir = folderOf(sources);
  try {
    const folder = path.join(dir, "Mây trắng");
    await importFolder(page, comicId, folder, 3);
    await page.getByRole("switch", { name: "Cắt trang quá dài" }).click();
    await page.getByRole("button", { name: "Bắt đầu nhập" }).click();
    await expect(page.getByTestId("bulk-import-done")).toHaveText("Đã nhập xong 3 chương.", {
      timeout: 180_000,
    });

    const token = await context.request.post("/api/tokens", {
      headers: { "x-app-origin": baseURL! },
      data: { name: "cli", teamId, scope: "upload" },
    });
    expect(token.ok(), await token.text()).toBe(true);
    const cli = await runUploadCli(
      [folder, "--comic", String(cliComicId), "--server", baseURL!, "--split-tall"],
      (await token.json()).secret,
    );
    expect(cli.code, cli.output).toBe(0);

    const web = await chaptersOf(context, comicId);
    const byCli = await chaptersOf(context, cliComicId);
    // Chapter 3: the 1500 x 7000 strip in 3 pieces, the 900 x 6500 one (no resize) in 3.
    const counts = [
      [1, 3],
      [2, 3],
      [3, 6],
    ];
    expect(web.map((c) => [c.order, c.pageCount])).toEqual(counts);
    expect(byCli.map((c) => [c.order, c.pageCount])).toEqual(counts);
    const fileName = (p: { path?: string }) => (p.path ?? "").split("/").pop();
    const stored = [];
    for (const [i, chapter] of web.entries()) {
      const a = await storedPages(context, chapter.id);
      const b = await storedPages(context, byCli[i]!.id);
      // Not scrambled: no key, the stored bytes are the pages themselves.
      expect([...a, ...b].every((p) => p.key === null)).toBe(true);
      // Pieces are named alike ("1_1.jpg"); the dashboard's piece ids carry no folder.
      expect(b.map(fileName)).toEqual(a.map(fileName));
      for (const [j, p] of a.entries()) {
        expect(p.bytes.equals(b[j]!.bytes), `${p.path}: dashboard and CLI bytes differ`).toBe(true);
        stored.push(p);
      }
    }
    expect(stored.map(fileName)).toEqual([
      "1.jpg",
      "2.jpg",
      "10.jpg",
      "1.jpg",
      "2.gif",
      "3.png",
      "1_1.jpg",
      "1_2.jpg",
      "1_3.jpg",
      "2_1.jpg",
      "2_2.jpg",
      "2_3.jpg",
    ]);
    // The GIF is stored as it is; every other page was re-encoded (spec §9), the same way by both.
    for (const p of stored) {
      const source = sources[p.path!];
      if (p.path!.endsWith(".gif")) expect(p.bytes.equals(source!), p.path).toBe(true);
      else expect(source === undefined || !p.bytes.equals(source), `${p.path} was not re-encoded`).toBe(true);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await context.close();
});

test("a real folder dropped on the folder picker imports its chapters in order", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { context, page, comicId } = await uploaderWithComic(browser, baseURL!);
  const dir = folderOf({
    "Series/Vol.1 Ch.1 - Khởi đầu/10.png": pagePng(10),
    "Series/Vol.1 Ch.1 - Khởi đầu/2.png": pagePng(2),
    "Series/Vol.1 Ch.1 - Khởi đầu/1.png": pagePng(1),
    ...Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`Series/Chapter 2/${i + 1}.png`, pagePng(i)]),
    ),
    "Series/3 - Trở về/b.png": pagePng(4),
    "Series/3 - Trở về/a.png": pagePng(3),
    "Series/readme.txt": new TextEncoder().encode("not a page"),
  });
  try {
    await importFolder(page, comicId, path.join(dir, "Series"), 3);
    expect(await values(page, "Số thứ tự")).toEqual(["1", "2", "3"]);
    expect(await values(page, "Tên chương")).toEqual(["Khởi đầu", "", "Trở về"]);
    await expect(page.getByText("Bỏ qua 1 tệp không thuộc chương nào")).toBeVisible();
    await expect(page.getByTestId("bulk-import-summary")).toHaveText("3 chương, 17 trang");
    await page.getByRole("combobox", { name: "Sau khi tải lên" }).click();
    await page.getByRole("option", { name: "Đăng tất cả" }).click();
    await page.getByRole("button", { name: "Bắt đầu nhập" }).click();
    await expect(page.getByTestId("bulk-import-done")).toHaveText("Đã nhập xong 3 chương.", {
      timeout: 120_000,
    });
    await expect(page.getByTestId("bulk-import-overall")).toHaveText("Tiến độ chung: 17/17 trang");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const chapters = await chaptersOf(context, comicId);
  expect(chapters.map((c) => [c.order, c.volume, c.name, c.pageCount, c.status])).toEqual([
    [1, 1, "Khởi đầu", 3, "published"],
    [2, null, "", 12, "published"],
    [3, null, "Trở về", 2, "published"],
  ]);
  const paths = async (id: number) => (await storedPages(context, id)).map((p) => p.path);
  expect(await paths(chapters[0]!.id)).toEqual(
    ["1.png", "2.png", "10.png"].map((n) => `Series/Vol.1 Ch.1 - Khởi đầu/${n}`),
  );
  expect(await paths(chapters[1]!.id)).toEqual(
    Array.from({ length: 12 }, (_, i) => `Series/Chapter 2/${i + 1}.png`),
  );
  expect(await paths(chapters[2]!.id)).toEqual(["Series/3 - Trở về/a.png", "Series/3 - Trở về/b.png"]);
  await context.close();
});
