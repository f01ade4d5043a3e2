/**
 * The one upload flow (lib/upload-flow.ts): in every kind of image upload, a failure after the
 * images were stored and counted (here the record step's database write fails) removes every object
 * the request stored and gives back what it counted against the hourly quota. The avatar records
 * nothing, so its failure after the store is a text field over its limit that follows the file.
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { call, createTeam, createUser, png, type TestUser, type UploadFile } from "../../test/fixtures/api";
import { coverFile, createChapter, createComic, uploadWith } from "../../test/fixtures/comics";
import { uploadUsage } from "../db/schema/uploads";

let t: TestApp;
let user: TestUser;
let teamId: number;
let comicId: number;
let chapterId: number;
let pageId: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  teamId = await createTeam(t, user);
  comicId = (await createComic(t, user, teamId)).id;
  chapterId = await createChapter(t, user, comicId);
  const page = await uploadWith(t, user, `/api/chapters/${chapterId}/pages`, [await pngFile("files")]);
  expect(page.statusCode).toBe(201);
  pageId = (page.json() as { pages: { id: number }[] }).pages[0]!.id;
});
afterAll(() => t?.close());

async function pngFile(field = "file", name = "1.png"): Promise<UploadFile> {
  return { field, filename: name, contentType: "image/png", bytes: await png(40, 60) };
}

/** Every file under the storage folder (all prefixes). */
function storedFiles(): string[] {
  return readdirSync(t.config.storageDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => `${d.parentPath}/${d.name}`)
    .sort();
}

async function quota(): Promise<{ files: number; bytes: number }> {
  const rows = await t.database.db.select().from(uploadUsage).where(eq(uploadUsage.userId, user.id));
  return rows.reduce((sum, r) => ({ files: sum.files + r.files, bytes: sum.bytes + r.bytes }), {
    files: 0,
    bytes: 0,
  });
}

/** Makes every write to `table` fail inside the database until the returned function runs. */
async function failWritesTo(table: string): Promise<() => Promise<void>> {
  await t.database.db.execute(
    sql.raw(`create or replace function vt_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`),
  );
  await t.database.db.execute(
    sql.raw(
      `create trigger vt_test_fail before insert or update on ${table} execute function vt_test_fail()`,
    ),
  );
  return async () => {
    await t.database.db.execute(sql.raw(`drop trigger vt_test_fail on ${table}`));
  };
}

const cases: {
  name: string;
  table: string;
  url: () => string;
  files: () => Promise<UploadFile[]>;
  fields?: () => Record<string, string>;
}[] = [
  {
    name: "chapter pages",
    table: "chapter_pages",
    url: () => `/api/chapters/${chapterId}/pages`,
    files: async () => [await pngFile("files", "1.png"), await pngFile("files", "2.png")],
  },
  {
    name: "a page's image",
    table: "chapter_pages",
    url: () => `/api/chapters/${chapterId}/page`,
    files: async () => [await pngFile()],
    fields: () => ({ pageId: String(pageId) }),
  },
  {
    name: "a cover ahead of its comic",
    table: "comic_cover_uploads",
    url: () => "/api/comics/covers",
    files: async () => [await coverFile()],
  },
  {
    name: "a comic's cover",
    table: "comics",
    url: () => `/api/comics/${comicId}/thumbnail`,
    files: async () => [await coverFile()],
  },
  {
    name: "volume art",
    table: "comic_arts",
    url: () => "/api/comics/arts",
    files: async () => [await coverFile()],
    fields: () => ({ comicId: String(comicId), volume: "1" }),
  },
  {
    name: "a team's logo",
    table: "teams",
    url: () => `/api/teams/${teamId}/logo`,
    files: async () => [await pngFile()],
  },
  {
    name: "a donate QR code",
    table: "team_donate",
    url: () => `/api/teams/${teamId}/donate/qr`,
    files: async () => [await pngFile()],
  },
  {
    name: "credit pages",
    table: "team_credit",
    url: () => `/api/teams/${teamId}/credit/pages`,
    files: async () => [await pngFile("files", "b.png"), await pngFile("files", "a.png")],
  },
];

describe("the one upload flow: a failure after the store", () => {
  it.each(cases)("$name: removes what it stored and gives the quota back", async (c) => {
    const files = storedFiles();
    const used = await quota();
    const restore = await failWritesTo(c.table);
    try {
      const res = await uploadWith(t, user, c.url(), await c.files(), c.fields?.() ?? {});
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(storedFiles()).toEqual(files);
    expect(await quota()).toEqual(used);
    // The same upload without the failure is stored and counted: the case did reach the store.
    const ok = await uploadWith(t, user, c.url(), await c.files(), c.fields?.() ?? {});
    expect(ok.statusCode).toBeLessThan(300);
    expect((await quota()).files).toBeGreaterThan(used.files);
  });

  it("an avatar: a text field over the limit after the file removes the stored file, counts nothing", async () => {
    const files = storedFiles();
    const used = await quota();
    const boundary = `----vt${randomBytes(8).toString("hex")}`;
    const part = (head: string, body: Buffer | string) => [
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; ${head}\r\n\r\n`),
      Buffer.from(body),
      Buffer.from("\r\n"),
    ];
    const payload = Buffer.concat([
      ...part(`name="file"; filename="a.png"\r\ncontent-type: image/png`, await png(40, 60)),
      ...Array.from({ length: 6 }, (_, i) => part(`name="f${i}"`, "x")).flat(),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await call(t, user, "POST", "/api/users/avatar", {
      payload,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(413);
    expect(storedFiles()).toEqual(files);
    expect(await quota()).toEqual(used);
  });
});
