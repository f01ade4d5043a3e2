/**
 * /api/teams/:teamId/upload-settings and the publish delay: members read, managers change (stale
 * version 409, bad values 422, outsiders 404), and a chapter created without a date gets
 * "creation time + delay" as its scheduled date while an explicit null or date is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";

let t: TestApp;
let owner: TestUser;
let uploader: TestUser;
let stranger: TestUser;
let teamId: number;
let comicId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  uploader = await createUser(t);
  stranger = await createUser(t);
  teamId = await createTeam(t, owner, [{ user: uploader, role: "uploader" }]);
  comicId = (await createComic(t, owner, teamId)).id;
});
afterAll(() => t?.close());

const url = () => `/api/teams/${teamId}/upload-settings`;

describe("/api/teams/:teamId/upload-settings", () => {
  it("answers the defaults to a member, 404 to a stranger and 401 signed out", async () => {
    const res = await call(t, uploader, "GET", url());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publishDelayHours: 0, splitTallStrips: false, version: 1 });
    expect((await call(t, stranger, "GET", url())).statusCode).toBe(404);
    expect((await call(t, null, "GET", url())).statusCode).toBe(401);
  });

  it("lets a manager or owner change them, not an uploader (403), and refuses a stale version (409)", async () => {
    const denied = await call(t, uploader, "PUT", url(), { payload: { publishDelayHours: 2 } });
    expect(denied.statusCode).toBe(403);
    const saved = await call(t, owner, "PUT", url(), {
      payload: { publishDelayHours: 2, splitTallStrips: true, version: 1 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ publishDelayHours: 2, splitTallStrips: true, version: 2 });
    const stale = await call(t, owner, "PUT", url(), { payload: { publishDelayHours: 5, version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect((await call(t, uploader, "GET", url())).json()).toMatchObject({
      publishDelayHours: 2,
      version: 2,
    });
  });

  it("refuses a negative, fractional or too long delay with 422 naming the field", async () => {
    for (const publishDelayHours of [-1, 1.5, 721, "2"]) {
      const res = await call(t, owner, "PUT", url(), { payload: { publishDelayHours } });
      expect(res.statusCode, String(publishDelayHours)).toBe(422);
      expect(JSON.stringify(res.json())).toContain("Thời gian chờ đăng");
    }
    expect((await call(t, owner, "GET", url())).json()).toMatchObject({ publishDelayHours: 2 });
  });

  it("fills a new chapter's scheduled date with creation time + the delay; an explicit null or date wins", async () => {
    const before = Date.now();
    const filled = await call(t, uploader, "POST", "/api/chapters", { payload: { comicId, order: 1 } });
    expect(filled.statusCode, filled.body).toBe(201);
    const after = Date.now();
    const at = filled.json().publishAt as number;
    expect(at).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
    expect(at).toBeLessThanOrEqual(after + 2 * 3_600_000);

    const none = await call(t, uploader, "POST", "/api/chapters", {
      payload: { comicId, order: 2, publishAt: null },
    });
    expect(none.json().publishAt).toBeNull();
    const chosen = Date.now() + 86_400_000;
    const own = await call(t, uploader, "POST", "/api/chapters", {
      payload: { comicId, order: 3, publishAt: chosen },
    });
    expect(own.json().publishAt).toBe(chosen);

    // Back to no delay: no date is filled.
    await call(t, owner, "PUT", url(), { payload: { publishDelayHours: 0 } });
    const plain = await call(t, uploader, "POST", "/api/chapters", { payload: { comicId, order: 4 } });
    expect(plain.json().publishAt).toBeNull();
  });
});
