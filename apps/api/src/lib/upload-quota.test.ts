/**
 * The hourly upload quota counts what was stored: a request refused after its files passed the
 * gate (a bad text field) gives back what it counted, so it cannot use up the hour.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createTeam, createUser, jpeg, type TestUser } from "../../test/fixtures/api";
import { createChapter, createComic, uploadWith } from "../../test/fixtures/comics";
import { uploadUsage } from "../db/schema/uploads";

let t: TestApp;
let user: TestUser;
let chapterId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_QUOTA_FILES: "3" } });
  user = await createUser(t);
  const teamId = await createTeam(t, user);
  chapterId = await createChapter(t, user, (await createComic(t, user, teamId)).id);
});
afterAll(() => t?.close());

async function usedFiles(): Promise<number> {
  const rows = await t.database.db.select().from(uploadUsage).where(eq(uploadUsage.userId, user.id));
  return rows.reduce((sum, r) => sum + r.files, 0);
}

async function page(fields: Record<string, string> = {}) {
  const file = { field: "files", filename: "1.jpg", contentType: "image/jpeg", bytes: await jpeg(60, 80) };
  return uploadWith(t, user, `/api/chapters/${chapterId}/pages`, [file], fields);
}

describe("upload quota", () => {
  it("gives back what a refused request counted, and still stops at the limit", async () => {
    const before = await usedFiles(); // the comic's cover
    const refused = await page({ clientIds: JSON.stringify(["a\u0000b"]) });
    expect(refused.statusCode).toBe(422);
    expect(await usedFiles()).toBe(before);

    for (let i = before; i < 3; i++) expect((await page()).statusCode).toBe(201);
    expect(await usedFiles()).toBe(3);
    const over = await page();
    expect(over.statusCode).toBe(429);
    expect(await usedFiles()).toBe(3);
  });
});
