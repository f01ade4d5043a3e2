/**
 * /api/tokens and API tokens as credentials: created for one of my teams and a scope, the secret
 * shown once and stored hashed, listed with last use, revoked (then 401); accepted as
 * `Authorization: Bearer` only on the routes that declare it, never with a cookie, never for admin
 * routes, narrowed to the token's team, read tokens cannot upload, no CSRF header needed, rate limited.
 */
import { API_TOKEN_RATE_PER_MINUTE } from "@vt/shared/contracts/tokens";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, multipart, png, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";
import { apiTokens } from "../../db/schema/tokens";

let t: TestApp;
let user: TestUser;
let other: TestUser;
let teamA: number;
let teamB: number;
let comicA: number;
let comicB: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t, { admin: true });
  other = await createUser(t);
  teamA = await createTeam(t, user, [], "Nhóm A");
  teamB = await createTeam(t, user, [], "Nhóm B");
  comicA = (await createComic(t, user, teamA)).id;
  comicB = (await createComic(t, user, teamB)).id;
});
afterAll(() => t?.close());

async function newToken(scope: "read" | "upload", teamId = teamA, owner = user) {
  const res = await call(t, owner, "POST", "/api/tokens", {
    payload: { name: `cli ${scope}`, teamId, scope },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { token: { id: number; prefix: string }; secret: string };
}

/** A tool's call: bearer only, no cookie, no x-app-origin. */
function bearer(
  secret: string,
  method: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const isJson = payload !== undefined && !Buffer.isBuffer(payload);
  return t.app.inject({
    method: method as "GET",
    url,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(isJson ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: isJson ? JSON.stringify(payload) : (payload as Buffer) }),
  });
}

describe("/api/tokens", () => {
  it("creates a token whose secret is shown once and stored only as a hash; lists it without the secret", async () => {
    const { token, secret } = await newToken("read");
    expect(secret).toMatch(/^vts_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(token.prefix)).toBe(true);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.tokenHash).not.toContain(secret.slice(4));
    expect(JSON.stringify(row)).not.toContain(secret);
    const list = await call(t, user, "GET", "/api/tokens");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    const listed = list.json().tokens.find((x: { id: number }) => x.id === token.id);
    expect(listed).toMatchObject({
      name: "cli read",
      scope: "read",
      team: { id: teamA, name: "Nhóm A" },
      lastUsedAt: null,
    });
  });

  it("refuses a team the user is not a member of (422 on teamId) and a bad scope", async () => {
    const res = await call(t, other, "POST", "/api/tokens", {
      payload: { name: "x", teamId: teamA, scope: "read" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.join(" ")).toMatch(/nhóm/i);
    const bad = await call(t, user, "POST", "/api/tokens", {
      payload: { name: "x", teamId: teamA, scope: "admin" },
    });
    expect(bad.statusCode).toBe(422);
  });

  it("records last use, and a revoked token gets 401", async () => {
    const { token, secret } = await newToken("read");
    expect((await bearer(secret, "GET", `/api/comics/${comicA}`)).statusCode).toBe(200);
    const listed = (await call(t, user, "GET", "/api/tokens"))
      .json()
      .tokens.find((x: { id: number }) => x.id === token.id);
    expect(listed.lastUsedAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(t, other, "DELETE", `/api/tokens/${token.id}`)).statusCode).toBe(404);
    expect((await call(t, user, "DELETE", `/api/tokens/${token.id}`)).statusCode).toBe(204);
    const res = await bearer(secret, "GET", `/api/comics/${comicA}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Mã truy cập API không hợp lệ hoặc đã bị thu hồi");
    expect((await bearer(`${secret}x`, "GET", `/api/comics/${comicA}`)).statusCode).toBe(401);
  });

  it("a token cannot manage tokens (session only)", async () => {
    const { secret } = await newToken("upload");
    expect((await bearer(secret, "GET", "/api/tokens")).statusCode).toBe(401);
    expect(
      (await bearer(secret, "POST", "/api/tokens", { name: "y", teamId: teamA, scope: "upload" })).statusCode,
    ).toBe(401);
  });
});

describe("API tokens as credentials", () => {
  it("an upload token creates a chapter, uploads pages and publishes without cookie or x-app-origin", async () => {
    const { secret } = await newToken("upload");
    const created = await bearer(secret, "POST", "/api/chapters", { comicId: comicA, order: 1 });
    expect(created.statusCode).toBe(201);
    const chapter = created.json() as { id: number; team: { id: number } };
    expect(chapter.team.id).toBe(teamA);
    const body = multipart(
      [{ field: "files", filename: "1.png", contentType: "image/png", bytes: await png(20, 30) }],
      {
        clientIds: JSON.stringify(["c1"]),
      },
    );
    const up = await bearer(secret, "POST", `/api/chapters/${chapter.id}/pages`, body.payload, body.headers);
    expect(up.statusCode).toBe(201);
    const pageId = up.json().pages[0].id as number;
    const put = await bearer(secret, "PUT", `/api/chapters/${chapter.id}`, {
      order: 1,
      pages: [{ id: pageId }],
      publish: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ status: "published", pageCount: 1 });
    const read = await bearer(secret, "GET", `/api/chapters/comic/${comicA}`);
    expect(read.json().map((c: { id: number }) => c.id)).toContain(chapter.id);
  });

  it("a read token cannot upload: 403 on create, pages and save, and nothing is created", async () => {
    const { secret } = await newToken("read");
    const res = await bearer(secret, "POST", "/api/chapters", { comicId: comicA, order: 50 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Mã truy cập này chỉ có quyền xem");
    const list = await call(t, user, "GET", `/api/chapters/comic/${comicA}`);
    expect(list.json().some((c: { order: number }) => c.order === 50)).toBe(false);
    expect((await bearer(secret, "GET", `/api/chapters/comic/${comicA}`)).statusCode).toBe(200);
  });

  it("a token for team A cannot touch team B's comic, though its user is a member of both", async () => {
    const { secret } = await newToken("upload", teamA);
    expect((await bearer(secret, "GET", `/api/comics/${comicB}`)).statusCode).toBe(404);
    expect((await bearer(secret, "GET", `/api/chapters/comic/${comicB}`)).statusCode).toBe(404);
    const create = await bearer(secret, "POST", "/api/chapters", { comicId: comicB, order: 3 });
    expect(create.statusCode).toBe(404);
    // The same user's session sees it.
    expect((await call(t, user, "GET", `/api/comics/${comicB}`)).statusCode).toBe(200);
  });

  it("tokens never authorize admin routes or other modules, even a platform admin's token", async () => {
    const { secret } = await newToken("upload");
    for (const [method, url] of [
      ["GET", "/api/teams?all=true"],
      ["GET", `/api/teams/${teamA}`],
      ["GET", "/api/admin/users"],
      ["POST", "/api/requests/1/approve"],
      ["POST", "/api/comics/merge"],
      ["DELETE", `/api/comics/${comicA}`],
      ["GET", "/api/users/me"],
    ] as const) {
      const res = await bearer(secret, method, url, method === "GET" ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("refuses a token sent together with a session cookie", async () => {
    const { secret } = await newToken("read");
    const res = await bearer(secret, "GET", `/api/comics/${comicA}`, undefined, { cookie: other.cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Không gửi mã truy cập API cùng cookie phiên đăng nhập");
  });

  it("still needs x-app-origin for cookie sessions (CSRF applies to them)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/chapters",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      payload: JSON.stringify({ comicId: comicA, order: 77 }),
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers 429 past the per-minute limit, counted in the database", async () => {
    const { token, secret } = await newToken("read");
    await t.database.db
      .update(apiTokens)
      .set({ windowStart: new Date(), windowCount: API_TOKEN_RATE_PER_MINUTE })
      .where(eq(apiTokens.id, token.id));
    const res = await bearer(secret, "GET", `/api/comics/${comicA}`);
    expect(res.statusCode).toBe(429);
    await t.database.db
      .update(apiTokens)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(apiTokens.id, token.id));
    expect((await bearer(secret, "GET", `/api/comics/${comicA}`)).statusCode).toBe(200);
  });
});

describe("OpenAPI at /api/docs", () => {
  it("describes the bearer scheme, the upload flow, and marks exactly the token routes", async () => {
    const doc = t.app.swagger() as {
      info: { description: string };
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.info.description).toContain("/api/chapters/{chapterId}/pages");
    const marked = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security)
        .map(([m]) => `${m.toUpperCase()} ${path}`),
    );
    expect(marked.sort()).toEqual(
      [
        "GET /api/comics/{comicId}",
        "GET /api/chapters/comic/{comicId}",
        "GET /api/chapters/{chapterId}",
        "GET /api/chapters/{chapterId}/checks",
        "POST /api/comics/{comicId}/page-checks",
        "POST /api/chapters",
        "PUT /api/chapters/{chapterId}",
        "POST /api/chapters/{chapterId}/pages",
        "POST /api/chapters/{chapterId}/pages/presign",
        "POST /api/chapters/{chapterId}/pages/direct",
      ].sort(),
    );
  });
});
