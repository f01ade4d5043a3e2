import { aspectRatioFromFileName, encodeKey } from "@vt/shared/scramble";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, multipart, png, type TestUser, type UploadFile } from "../../../test/fixtures/api";
import {
  type Chapter,
  type ChapterWorld,
  chapterKit,
  chapterWorld,
  type Page,
} from "../../../test/fixtures/chapters";

let t: TestApp;
let world: ChapterWorld;
let uploader: TestUser;
let collabUser: TestUser;
let outsider: TestUser;
let comicId: number;

beforeAll(async () => {
  t = await createTestApp();
  world = await chapterWorld(t);
  ({ uploader, collabUser, outsider, comicId } = world);
});
afterAll(() => t?.close());

const {
  newChapter,
  pageFiles,
  uploadPages,
  addPages,
  getChapter,
  put,
  listIds,
  auditActions,
  storedFiles,
  expectNoData,
} = chapterKit(() => ({ t, comicId }));

// ── Pages and publishing ─────────────────────────────────────────────────────

describe("page uploads, page order and publishing", () => {
  it("stores uploads as staged pages in upload order, resumes by clientId, then saves order and publishes", async () => {
    const c = await newChapter(uploader, { name: "Chương mới" });
    const key = encodeKey([3, 7, 1, 9, 0, 5, 2, 8, 6, 4], "xY9_");
    const first = await addPages(uploader, c.id, 3, {
      clientIds: JSON.stringify(["a", "b", "c"]),
      keys: JSON.stringify([null, key, null]),
    });
    expect(first.map((p) => p.clientId)).toEqual(["a", "b", "c"]);
    expect(first.every((p) => p.staged && !p.duplicate && /^comics\//.test(p.url))).toBe(true);
    expect(first[1]!.key).toBe(key);
    expect(first[0]).not.toHaveProperty("key");
    for (const p of first) expect(await t.storage.exists(p.url)).toBe(true);

    // A dropped connection: the draft lists what is stored; re-sending "b" does not store it twice.
    const draft = await getChapter(uploader, c.id);
    expect(draft.pages.map((p) => p.clientId)).toEqual(["a", "b", "c"]);
    expect(draft.pageCount).toBe(0);
    const before = storedFiles().length;
    const again = await addPages(uploader, c.id, 2, { clientIds: JSON.stringify(["b", "d"]) });
    expect(again.map((p) => [p.id, p.duplicate])).toEqual([
      [first[1]!.id, true],
      [again[1]!.id, false],
    ]);
    expect(storedFiles().length).toBe(before + 1);

    // Invisible to readers until published.
    expect(await listIds(uploader, "?visible=1")).not.toContain(c.id);

    // Save d, a, b (c left out) and publish in one call.
    const [a, b, cc] = first;
    const d = again[1]!;
    const res = await put(uploader, c, {
      pages: [{ id: d.id }, { id: a!.id }, { id: b!.id }],
      publish: true,
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as Chapter;
    expect(saved.pages.map((p) => p.id)).toEqual([d.id, a!.id, b!.id]);
    expect(saved.pages.every((p) => !p.staged)).toBe(true);
    expect(saved).toMatchObject({ status: "published", state: "visible", pageCount: 3, publishAt: null });
    expect(saved.publishedAt).toBeLessThanOrEqual(Date.now());
    expect(await t.storage.exists(cc!.url)).toBe(false);
    expect(await listIds(uploader, "?visible=1")).toContain(c.id);
    // One entry per action (docs/requests.md, "History"): both uploads are one, the removal of "c"
    // is the reorder, the publish carries no separate "edited Status" entry.
    expect(await auditActions(c.id)).toEqual(["create", "upload_pages", "reorder_pages", "publish"]);

    // Reorder only.
    const re = await put(uploader, saved, { pages: [{ id: b!.id }, { id: d.id }, { id: a!.id }] });
    expect((re.json() as Chapter).pages.map((p) => p.id)).toEqual([b!.id, d.id, a!.id]);
    expect((re.json() as Chapter).status).toBe("published");

    // A saved page's clientId still answers that page; a new one is staged after the saved pages.
    const later = await addPages(uploader, c.id, 2, { clientIds: JSON.stringify(["a", "e"]) });
    expect(later.map((p) => [p.id, p.duplicate])).toEqual([
      [a!.id, true],
      [later[1]!.id, false],
    ]);
    expect((await getChapter(uploader, c.id)).pages.map((p) => p.clientId)).toEqual(["b", "d", "a", "e"]);
  });

  it("refuses to publish with no pages (422 on pages) and keeps the draft", async () => {
    const c = await newChapter(uploader);
    const res = await put(uploader, c, { pages: [], publish: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(["Phải tải lên ít nhất 1 trang"]);
    const noList = await put(uploader, c, { publish: true });
    expect(noList.statusCode).toBe(422);
    expect(noList.json().errors[0]).toBe("Phải tải lên ít nhất 1 trang");
    expect((await getChapter(uploader, c.id)).status).toBe("draft");
  });

  it("does not publish while a listed page's object is missing from storage (never half-published)", async () => {
    const c = await newChapter(uploader);
    const pages = await addPages(uploader, c.id, 2, { clientIds: JSON.stringify(["p1", "p2"]) });
    await t.storage.delete(pages[1]!.url);
    const res = await put(uploader, c, { pages: pages.map((p) => ({ id: p.id })), publish: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/pageNotStored|chưa được tải lên/);
    const after = await getChapter(uploader, c.id);
    expect(after).toMatchObject({ status: "draft", state: "draft" });
    expect(after.pages.every((p) => p.staged)).toBe(true);
    expect(await listIds(uploader, "?visible=1")).not.toContain(c.id);

    // Replacing a page not in the chapter, or with the client id of another page, is a translated 422.
    const replace = async (fields: Record<string, string>) => {
      const b = multipart(await pageFiles(1, "file"), fields);
      return call(t, uploader, "POST", `/api/chapters/${c.id}/page`, {
        payload: b.payload,
        headers: b.headers,
      });
    };
    const gone = await replace({ pageId: String(pages[1]!.id + 1000) });
    expect(gone.statusCode).toBe(422);
    expect(gone.body).toMatch(/không còn trong chương/);
    const taken = await replace({ pageId: String(pages[1]!.id), clientId: "p1" });
    expect(taken.statusCode).toBe(422);
    expect(taken.body).toMatch(/đã là một trang khác/);

    // Replacing the broken page (keeping its own client id), then publishing, works.
    const body = multipart(await pageFiles(1, "file"), { pageId: String(pages[1]!.id), clientId: "p2" });
    const replaced = await call(t, uploader, "POST", `/api/chapters/${c.id}/page`, {
      payload: body.payload,
      headers: body.headers,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: pages[1]!.id });
    expect(replaced.json().url).not.toBe(pages[1]!.url);
    const ok = await put(uploader, c, { pages: pages.map((p) => ({ id: p.id })), publish: true });
    expect(ok.statusCode).toBe(200);
    expect(await listIds(uploader, "?visible=1")).toContain(c.id);
  });

  it("keeps a scheduled chapter and a hidden chapter out of the readers' view", async () => {
    const at = Date.now() + 3_600_000;
    const s = await newChapter(uploader);
    const sp = await addPages(uploader, s.id, 1);
    const scheduled = await put(uploader, s, { pages: [{ id: sp[0]!.id }], publish: true, publishAt: at });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({
      status: "published",
      state: "scheduled",
      publishAt: at,
      publishedAt: at,
    });

    const h = await newChapter(uploader);
    const hp = await addPages(uploader, h.id, 1);
    const hidden = await put(uploader, h, { pages: [{ id: hp[0]!.id }], publish: true, hidden: true });
    expect(hidden.json()).toMatchObject({ status: "published", state: "hidden" });

    const visible = await listIds(uploader, "?visible=1");
    expect(visible).not.toContain(s.id);
    expect(visible).not.toContain(h.id);
    const all = await listIds(uploader);
    expect(all).toEqual(expect.arrayContaining([s.id, h.id]));

    const past = await put(uploader, s, { publishAt: Date.now() - 1000 });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors[0]).toBe("Thời gian hẹn đăng phải sau thời điểm hiện tại");
  });

  it("keeps the name of a scrambled page as the storage key's last segment (readers read the ratio)", async () => {
    const c = await newChapter(uploader);
    const key = encodeKey([3, 7, 1, 9, 0, 5, 2, 8, 6, 4], "xY9_");
    const specName = "aB3_x-9QzP_0L6643";
    const files: UploadFile[] = [
      { field: "files", filename: `${specName}.jpg`, contentType: "image/png", bytes: await png(26, 40) },
      { field: "files", filename: "2.png", contentType: "image/png", bytes: await png(20, 30) },
    ];
    const res = await uploadPages(uploader, c.id, files, { keys: JSON.stringify([key, null]) });
    expect(res.statusCode).toBe(201);
    const [scrambled, plain] = (res.json() as { pages: Page[] }).pages;
    expect(scrambled!.url).toMatch(new RegExp(`^comics/\\d{4}/\\d{2}/[A-Za-z0-9_-]{16}/${specName}\\.png$`));
    expect(aspectRatioFromFileName(scrambled!.url)).toBe(0.6643);
    expect(await t.storage.exists(scrambled!.url)).toBe(true);
    // Other pages keep the opaque random name: user file names never become paths.
    expect(plain!.url).toMatch(/^comics\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{16}\.png$/);
    const saved = await put(uploader, await getChapter(uploader, c.id), {
      pages: [{ id: scrambled!.id }, { id: plain!.id }],
      publish: true,
    });
    expect(saved.statusCode).toBe(200);
    expect((await getChapter(uploader, c.id)).pages[0]).toMatchObject({ url: scrambled!.url, key });
  });

  it("validates uploads: scramble keys, image content, size, and a page id from another chapter", async () => {
    const c = await newChapter(uploader);
    const before = storedFiles().length;
    const badKey = await uploadPages(uploader, c.id, await pageFiles(2), {
      keys: JSON.stringify(["aB3xH7sKzy", null]),
    });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().errors[0]).not.toMatch(/keys/);
    const notImage = await uploadPages(uploader, c.id, [
      ...(await pageFiles(1)),
      { field: "files", filename: "x.png", contentType: "image/png", bytes: Buffer.from("<svg/>") },
    ]);
    expect(notImage.statusCode).toBe(415);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(7 * 1024 * 1024)]);
    const tooBig = await uploadPages(uploader, c.id, [{ field: "files", filename: "big.png", bytes: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(storedFiles().length).toBe(before);
    expect((await getChapter(uploader, c.id)).pages).toEqual([]);

    const other = await newChapter(uploader);
    const [foreignPage] = await addPages(uploader, other.id, 1);
    const res = await put(uploader, c, { pages: [{ id: foreignPage!.id }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatch(/^Một trang không còn trong chương này/);
  });

  it("refuses a batch whose damaged page comes after pages already stored, keeping no file of it", async () => {
    const c = await newChapter(uploader);
    const before = storedFiles().length;
    const good = await pageFiles(6);
    const cut = (await png(40, 40)).subarray(0, 60);
    const res = await uploadPages(uploader, c.id, [
      ...good.slice(0, 5),
      { field: "files", filename: "6.png", contentType: "image/png", bytes: cut },
      good[5]!,
    ]);
    expect(res.statusCode).toBe(422);
    expect(storedFiles().length).toBe(before);
    expect((await getChapter(uploader, c.id)).pages).toEqual([]);
  });

  it("is 401 signed out and 404 for another team on both upload routes, storing nothing", async () => {
    const c = await newChapter(uploader);
    const before = storedFiles().length;
    expect((await uploadPages(null, c.id, await pageFiles(1))).statusCode).toBe(401);
    const foreign = await uploadPages(outsider, c.id, await pageFiles(1));
    expect(foreign.statusCode).toBe(404);
    expectNoData(foreign.body);
    const body = multipart(await pageFiles(1, "file"), { pageId: "1" });
    const single = await call(t, outsider, "POST", `/api/chapters/${c.id}/page`, {
      payload: body.payload,
      headers: body.headers,
    });
    expect(single.statusCode).toBe(404);
    expect(storedFiles().length).toBe(before);
  });

  it("lets a collaborating team's uploader upload to and publish a chapter of the comic", async () => {
    const c = await newChapter(uploader);
    const pages = await addPages(collabUser, c.id, 2);
    const res = await put(collabUser, c, { pages: pages.map((p) => ({ id: p.id })), publish: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe("visible");
  });
});
