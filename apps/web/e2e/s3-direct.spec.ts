/**
 * Direct uploads on S3 through the dashboard (docs/operations.md, "Direct uploads (S3)"): a server
 * of its own with S3 settings (s3rver on loopback, with the bucket CORS rule docs/operations.md
 * asks for), a chapter uploaded in the browser exactly as on local storage, and proof that the
 * pages went straight to the bucket: the API's request log shows the presign and confirm calls and
 * never a page upload (multipart) request, and the stored objects are whole images of the pages'
 * size.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { gradientPng } from "./image-pipeline/images";
import { publishChapter, signUp, unique } from "./support/fixtures";

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)("s3rver") as new (o: Record<string, unknown>) => S3rverInstance;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const BUCKET = "vt-e2e";
/** The bucket CORS rule of docs/operations.md: browsers PUT from the dashboard's origin. */
const corsRule = (origin: string) =>
  Buffer.from(`<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>content-type</AllowedHeader>
    <MaxAgeSeconds>3600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`);

let s3: S3rverInstance;
let api: ChildProcess;
const log: string[] = [];
const dirs: string[] = [];
let baseURL: string;
let bucketUrl: string;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(320_000);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const s3Dir = mkdtempSync(path.join(tmpdir(), "vt-e2e-s3-"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "vt-e2e-s3-data-"));
  dirs.push(s3Dir, dataDir);
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [corsRule(baseURL)] }],
  });
  const s3Url = `http://127.0.0.1:${(await s3.run()).port}`;
  bucketUrl = `${s3Url}/${BUCKET}`;
  api = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      AUTH_RATE_LIMIT: "1000",
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Url,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_PUBLIC_URL: bucketUrl,
      S3_FORCE_PATH_STYLE: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API did not start:\n${log.join("")}`)), 300_000);
    api.stdout!.on("data", (chunk: Buffer) => {
      log.push(chunk.toString());
      if (chunk.toString().includes("Server listening at")) {
        clearTimeout(timer);
        resolve();
      }
    });
    api.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
    api.on("exit", (code) => reject(new Error(`API exited (${code}):\n${log.join("")}`)));
  });
});

test.afterAll(async () => {
  api?.kill("SIGKILL");
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test("a chapter uploaded in the dashboard on S3 goes straight to the bucket: the API receives no page bytes", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = unique();
  const { context, page } = await signUp(browser, baseURL, "Thu Trang", "/teams");
  // A cold server of its own: the first page may take a while on a loaded machine.
  await expect(page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible({ timeout: 60_000 });
  const headers = { "x-app-origin": baseURL };
  const team = await context.request.post("/api/teams", { headers, data: { name: `Nhóm Hà ${stamp}` } });
  expect(team.ok(), await team.text()).toBe(true);
  const cover = await context.request.post("/api/comics/covers", {
    headers,
    multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: await gradientPng(600, 800) } },
  });
  expect(cover.ok(), await cover.text()).toBe(true);
  const comic = await context.request.post("/api/comics", {
    headers,
    data: {
      teamId: (await team.json()).id,
      title: `Mây Trên Núi ${stamp}`,
      thumbnail: (await cover.json()).key,
    },
  });
  expect(comic.ok(), await comic.text()).toBe(true);
  const comicId = (await comic.json()).id as number;

  // The same screens and steps as on local storage.
  const seenPuts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().startsWith(bucketUrl)) seenPuts.push(request.url());
  });
  await page.goto(`/comics/${comicId}/chapters/new`);
  await page.getByLabel("Tên chương").fill("Thẳng lên kho");
  const files = await Promise.all(
    [1, 2, 3].map(async (n) => ({
      name: `${n}.png`,
      mimeType: "image/png",
      buffer: await gradientPng(300, 450, n),
    })),
  );
  await page.getByTestId("page-files-input").setInputFiles(files);
  await expect(page).toHaveURL(/\/chapters\/\d+$/);
  const chapterId = Number(/\/chapters\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
  await expect(page.getByText("Đã lưu 3/3 trang")).toBeVisible({ timeout: 60_000 });
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS, "s3-direct-editor.png") });
  await publishChapter(page);

  const chapter = await (await context.request.get(`/api/chapters/${chapterId}`)).json();
  expect(chapter.status).toBe("published");
  const stored = (chapter.pages as { url: string; clientId?: string | null }[]).map((p) => ({
    key: p.url,
    name: (p.clientId ?? "").split("|")[0],
  }));
  expect(stored.map((p) => p.name)).toEqual(["1.png", "2.png", "3.png"]);
  // The browser PUT each page to the bucket (as the dashboard prepared it); each object is a
  // whole image of the page's size.
  expect(seenPuts).toHaveLength(3);
  for (const p of stored) {
    const object = await fetch(`${bucketUrl}/${p.key}`);
    expect(object.status, p.name).toBe(200);
    const meta = await sharp(Buffer.from(await object.arrayBuffer())).metadata();
    expect([p.name, meta.width, meta.height]).toEqual([p.name, 300, 450]);
  }
  // The API's request log: presign and confirm calls only, never a page upload request.
  const calls = log
    .join("")
    .split("\n")
    .filter((line) => line.includes('"incoming request"') && line.includes(`/api/chapters/${chapterId}/`))
    .map((line) => {
      const { req } = JSON.parse(line) as { req: { method: string; url: string } };
      return `${req.method} ${req.url}`;
    });
  expect(calls.filter((c) => c.startsWith("POST"))).toContain(
    `POST /api/chapters/${chapterId}/pages/presign`,
  );
  expect(calls.filter((c) => c.startsWith("POST"))).toContain(`POST /api/chapters/${chapterId}/pages/direct`);
  expect(calls.filter((c) => /\/pages$|\/page$/.test(c))).toEqual([]);
  await context.close();
});

test("a team logo on S3 goes straight to the bucket; when the bucket's CORS fails, the upload falls back to the API for the session", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signUp(browser, baseURL, "Minh Khoa", "/teams");
  await expect(page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible({ timeout: 60_000 });
  const team = await context.request.post("/api/teams", {
    headers: { "x-app-origin": baseURL },
    data: { name: `Nhóm Sen ${unique()}` },
  });
  expect(team.ok(), await team.text()).toBe(true);
  const teamId = (await team.json()).id as number;
  const apiCalls = () =>
    log
      .join("")
      .split("\n")
      .filter((line) => line.includes('"incoming request"') && line.includes(`/api/teams/${teamId}/logo`))
      .map((line) => (JSON.parse(line) as { req: { method: string; url: string } }).req.url);
  const puts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().startsWith(bucketUrl)) puts.push(request.url());
  });
  const pickLogo = async (n: number) => {
    await page.getByLabel("Logo", { exact: true }).setInputFiles({
      name: `logo${n}.png`,
      mimeType: "image/png",
      buffer: await gradientPng(64, 64, n),
    });
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Cập nhật thành công" }).first(),
    ).toBeVisible();
    await page
      .locator("[data-sonner-toast]")
      .first()
      .waitFor({ state: "detached", timeout: 15_000 })
      .catch(() => {});
  };
  const logo = page.getByRole("img", { name: "Xem trước Logo" });

  await page.goto(`/teams/${teamId}/info`);
  await pickLogo(1);
  await expect(logo).toHaveAttribute("src", new RegExp(`^${bucketUrl}/teams/`));
  expect(puts).toHaveLength(1);
  expect(apiCalls()).toEqual([`/api/teams/${teamId}/logo/presign`, `/api/teams/${teamId}/logo/direct`]);

  // The bucket now refuses the browser (a wrong CORS rule): the PUT fails with no answer.
  await page.route(`${bucketUrl}/**`, (route) =>
    route.request().method() === "PUT" ? route.abort("failed") : route.continue(),
  );
  await pickLogo(2);
  await expect(logo).toHaveAttribute("src", new RegExp(`^${bucketUrl}/teams/`));
  expect(apiCalls().slice(2)).toEqual([`/api/teams/${teamId}/logo/presign`, `/api/teams/${teamId}/logo`]);
  expect(await page.evaluate(() => sessionStorage.getItem("vt.upload.directFallback"))).toBe("1");
  // The rest of the session uploads through the API at once.
  await pickLogo(3);
  expect(apiCalls().slice(4)).toEqual([`/api/teams/${teamId}/logo`]);
  const metrics = await (await context.request.get("/metrics")).text();
  expect(metrics).toMatch(/^vt_direct_upload_fallbacks_total 1$/m);
  expect(log.join("")).toContain("check the bucket's CORS rules");
  await context.close();
});
