import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { gradientGif, gradientJpeg, gradientPng } from "./image-pipeline/images";
import {
  finishImport,
  newComic,
  pagePng,
  type StoredChapter,
  uploaderWithComic,
  values,
} from "./support/bulk-import";

/**
 * Bulk import of a real folder (docs/bulk-import.md): a folder dropped on the folder picker imports
 * its chapters in order, and the same folder uploaded with `npm run upload` and a token stores the
 * same bytes as the dashboard for pages that need no downscale ("Which pages are uploaded byte for
 * byte").
 */

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
  // same pixels (JPEG q95) and store the same bytes. "10.jpg" comes after "2.jpg".
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
    // The GIF is stored as it is; every other page was re-encoded, the same way by both
    // (docs/bulk-import.md, "Which pages are uploaded byte for byte").
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
    await finishImport(page, "Đã nhập xong 3 chương.", 120_000);
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
