/**
 * No lost update (docs/dashboard.md, "Saving: no lost update"): every editable record (comic,
 * chapter with its page order, team info, donate, credit) carries a version; a save based on an
 * older version answers 409 VERSION_CONFLICT in the caller's language and changes nothing, whoever
 * changed it meanwhile (another member, another tab, a quick volume update).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let teamId: number;
let comicId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: "Chủ Nhóm" });
  member = await createUser(t);
  teamId = await createTeam(t, owner, [{ user: member, role: "manager" }], "Nhóm Sen");
  comicId = (await createComic(t, owner, teamId)).id;
});
afterAll(() => t?.close());

type Versioned = { version: number } & Record<string, unknown>;

async function json(res: { statusCode: number; body: string; json: () => unknown }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Versioned;
}

describe("chapter versions", () => {
  it("PUT /api/chapters/:id with an older version answers 409 and keeps the newer save", async () => {
    const created = await json(
      await call(t, owner, "POST", "/api/chapters", { payload: { comicId, order: 1, name: "Mở đầu" } }),
      201,
    );
    expect(created.version).toBe(1);
    const id = created.id as number;

    // Two people opened version 1; the member saves first.
    const first = await json(
      await call(t, member, "PUT", `/api/chapters/${id}`, {
        payload: { version: 1, order: 1, name: "Của thành viên" },
      }),
    );
    expect(first.version).toBe(2);

    const stale = await call(t, owner, "PUT", `/api/chapters/${id}`, {
      payload: { version: 1, order: 1, name: "Của chủ nhóm" },
      headers: { "x-custom-lang": "vi" },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "VERSION_CONFLICT" });
    expect(stale.json().message).toContain("người khác thay đổi");

    const now = await json(await call(t, owner, "GET", `/api/chapters/${id}`));
    expect(now).toMatchObject({ name: "Của thành viên", version: 2 });

    // Overwriting knowingly: based on the version just read.
    const overwrite = await json(
      await call(t, owner, "PUT", `/api/chapters/${id}`, {
        payload: { version: 2, order: 1, name: "Của chủ nhóm" },
      }),
    );
    expect(overwrite).toMatchObject({ name: "Của chủ nhóm", version: 3 });
  });

  it("a quick volume update bumps the chapters' versions, so an editor opened before it cannot reset the volume", async () => {
    const chapter = await json(
      await call(t, owner, "POST", "/api/chapters", { payload: { comicId, order: 7 } }),
      201,
    );
    const res = await call(t, member, "POST", "/api/chapters/quick-update-volume", {
      payload: { comicId, volume: 5, fromChapterOrder: 7, toChapterOrder: 7 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const stale = await call(t, owner, "PUT", `/api/chapters/${chapter.id}`, {
      payload: { version: chapter.version, order: 7, volume: 2 },
    });
    expect(stale.statusCode).toBe(409);
    const now = await json(await call(t, owner, "GET", `/api/chapters/${chapter.id}`));
    expect(now).toMatchObject({ volume: 5, version: (chapter.version as number) + 1 });
  });

  it("the chapter list carries the version too (add fields, never break)", async () => {
    const list = (await call(t, owner, "GET", `/api/chapters/comic/${comicId}`)).json() as Versioned[];
    expect(list.length).toBeGreaterThan(0);
    for (const c of list) expect(typeof c.version).toBe("number");
  });

  it("a save without a version (an older client) is still accepted", async () => {
    const chapter = await json(
      await call(t, owner, "POST", "/api/chapters", { payload: { comicId, order: 9 } }),
      201,
    );
    const res = await call(t, owner, "PUT", `/api/chapters/${chapter.id}`, {
      payload: { order: 9, name: "x" },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("comic, team, donate and credit versions", () => {
  it("PUT /api/comics/:id with an older version answers 409 and keeps the newer title", async () => {
    const comic = await json(await call(t, owner, "GET", `/api/comics/${comicId}`));
    const body = {
      title: "Sen Hồng",
      description: "",
      status: "ongoing",
      authors: [],
      artists: [],
      genres: [],
    };
    const saved = await json(
      await call(t, member, "PUT", `/api/comics/${comicId}`, {
        payload: { ...body, version: comic.version },
      }),
    );
    expect(saved.version).toBe((comic.version as number) + 1);
    const stale = await call(t, owner, "PUT", `/api/comics/${comicId}`, {
      payload: { ...body, title: "Sen Trắng", version: comic.version },
    });
    expect(stale.statusCode).toBe(409);
    expect((await json(await call(t, owner, "GET", `/api/comics/${comicId}`))).title).toBe("Sen Hồng");
  });

  it("PUT /api/teams/:id, .../donate and .../credit refuse a stale version with 409", async () => {
    const team = await json(await call(t, owner, "GET", `/api/teams/${teamId}`));
    await json(
      await call(t, member, "PUT", `/api/teams/${teamId}`, {
        payload: { name: "Nhóm Sen Mới", version: team.version },
      }),
    );
    const staleTeam = await call(t, owner, "PUT", `/api/teams/${teamId}`, {
      payload: { name: "Nhóm Sen Cũ", version: team.version },
    });
    expect(staleTeam.statusCode).toBe(409);
    expect((await json(await call(t, owner, "GET", `/api/teams/${teamId}`))).name).toBe("Nhóm Sen Mới");

    const donate = await json(await call(t, owner, "GET", `/api/teams/${teamId}/donate`));
    expect(donate.version).toBe(1);
    const savedDonate = await json(
      await call(t, member, "PUT", `/api/teams/${teamId}/donate`, {
        payload: { version: 1, enabled: true, content: "Cảm ơn" },
      }),
    );
    expect(savedDonate.version).toBe(2);
    const staleDonate = await call(t, owner, "PUT", `/api/teams/${teamId}/donate`, {
      payload: { version: 1, enabled: false },
    });
    expect(staleDonate.statusCode).toBe(409);
    expect(await json(await call(t, owner, "GET", `/api/teams/${teamId}/donate`))).toMatchObject({
      enabled: true,
      content: "Cảm ơn",
      version: 2,
    });

    const savedCredit = await json(
      await call(t, member, "PUT", `/api/teams/${teamId}/credit`, {
        payload: { version: 1, enabled: true, text: "Nhóm Sen" },
      }),
    );
    expect(savedCredit.version).toBe(2);
    const staleCredit = await call(t, owner, "PUT", `/api/teams/${teamId}/credit`, {
      payload: { version: 1, enabled: false },
    });
    expect(staleCredit.statusCode).toBe(409);
    expect((await json(await call(t, owner, "GET", `/api/teams/${teamId}/credit`))).enabled).toBe(true);
  });
});
