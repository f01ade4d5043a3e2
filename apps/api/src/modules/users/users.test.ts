import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../test/app";
import { CookieJar, parseSetCookie } from "../../../test/cookie-jar";
import {
  authPost,
  exchange,
  idToken,
  linkIn,
  me,
  newAccount,
  outbox,
  register,
  signedInUser,
  signIn,
} from "../../../test/identity";
import { sessions } from "../../db/schema/users";
import { translate } from "../../lib/messages";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: "boss@example.com" } });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("PUT /api/users/:id", () => {
  it("updates one's own name and avatar", async () => {
    const { jar, user } = await signedInUser(t);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/${user.id}`,
      headers: { ...t.headers, cookie: jar.header() },
      payload: { name: "  Tên Mới  ", avatar: "https://cdn.example/a.png" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, name: "Tên Mới", avatar: "https://cdn.example/a.png" });
    expect((await me(t, jar)).json()).toMatchObject({ name: "Tên Mới", avatar: "https://cdn.example/a.png" });

    // A later sign-in keeps the edited profile (the token's name only seeds a new user).
    const again = await exchange(t, await idToken(t, jar));
    expect(again.json()).toMatchObject({ name: "Tên Mới" });
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/${bob.user.id}`,
      headers: { ...t.headers, cookie: alice.jar.header() },
      payload: { name: "Pwned" },
    });
    expect(res.statusCode).toBe(403);
    expect((await me(t, bob.jar)).json().name).toBe(bob.user.name);
  });

  it("is 401 without a session", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/users/1",
      headers: t.headers,
      payload: { name: "X" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers 422 naming the invalid field, and rejects unknown fields", async () => {
    const { jar, user } = await signedInUser(t);
    const put = (payload: unknown) =>
      t.app.inject({
        method: "PUT",
        url: `/api/users/${user.id}`,
        headers: { ...t.headers, cookie: jar.header() },
        payload: payload as Record<string, unknown>,
      });
    const blank = await put({ name: "   " });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().code).toBe("VALIDATION");
    expect(blank.json().errors.join(" ")).toMatch(/name|Tên/i);

    const badAvatar = await put({ avatar: "javascript:alert(1)" });
    expect(badAvatar.statusCode).toBe(422);
    expect(badAvatar.json().errors).toEqual(["Ảnh đại diện: Liên kết không hợp lệ"]);

    const extra = await put({ name: "Ok", role: "admin" });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toEqual(["Có trường không được hỗ trợ: Vai trò"]);
    expect((await me(t, jar)).json().role).toBe("user");
  });
});

describe("POST /api/users/logout", () => {
  it("deletes the session and clears the cookie", async () => {
    const { jar, user } = await signedInUser(t);
    const cookieValue = jar.get("vt_session")!;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/logout",
      headers: { ...t.headers, cookie: jar.header() },
    });
    expect(res.statusCode).toBe(200);
    const cleared = ([] as string[])
      .concat(res.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("vt_session="));
    expect(cleared).toBeDefined();
    const parsed = parseSetCookie(cleared!);
    expect(parsed.value).toBe("");
    expect(new Date(String(parsed.attributes.expires)).getTime()).toBeLessThan(Date.now());
    const replay = await me(t, new CookieJar().store(`vt_session=${cookieValue}`));
    expect(replay.statusCode).toBe(401);
    const left = await t.database.db.select().from(sessions);
    expect(left.some((s) => s.userId === user.id)).toBe(false);
  });
});

describe("platform admins", () => {
  it("ADMIN_EMAILS grants admin once the provider has verified the address", async () => {
    const account = newAccount({ email: "boss@example.com" });
    const { jar } = await register(t, account);
    const first = await exchange(t, await idToken(t, jar), jar);
    expect(first.statusCode).toBe(200);
    // Anyone could register this address: without proof of ownership it grants nothing.
    expect(first.json().role).toBe("user");

    const mails = await outbox(t, "boss@example.com");
    const link = linkIn(mails.at(-1)!.text, `${TEST_ORIGIN}/verify-email`);
    const verify = await t.app.inject({
      method: "POST",
      url: "/api/users/verify-email",
      headers: t.headers,
      payload: { token: link.searchParams.get("token") },
    });
    expect(verify.statusCode).toBe(200);
    // The session the link opened is made after the proof: admin. The registrant's session made
    // before it is over, so it can never exchange its way to admin (docs/identity.md).
    expect(verify.json()).toMatchObject({ id: first.json().id, role: "admin" });
    expect((await me(t, jar)).statusCode).toBe(401);
    const stale = await t.app.inject({
      method: "GET",
      url: "/auth/token",
      headers: { cookie: jar.header() },
    });
    expect(stale.statusCode).toBe(401);

    // The owner chooses a password by mail, signs in: admin through the dashboard's exchange.
    await authPost(t, "/auth/request-password-reset", { email: account.email });
    const reset = linkIn((await outbox(t, account.email)).at(-1)!.text, `${TEST_ORIGIN}/login?`);
    const token = reset.searchParams.get("token");
    expect(
      (await authPost(t, "/auth/reset-password", { token, newPassword: "boss password 1" })).statusCode,
    ).toBe(200);
    const { jar: fresh } = await signIn(t, { email: account.email, password: "boss password 1" });
    const second = await exchange(t, await idToken(t, fresh), fresh);
    expect(second.json()).toMatchObject({ id: first.json().id, role: "admin" });
    expect((await me(t, fresh)).json().role).toBe("admin");
  });

  it("other addresses stay ordinary users", async () => {
    const { user } = await signedInUser(t);
    expect(user.role).toBe("user");
  });
});

describe("POST /api/users/avatar", () => {
  // A 1x1 PNG.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );

  function multipart(content: Buffer, filename: string, type: string, field = "file") {
    const boundary = "----vt-test-boundary";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  }

  async function upload(jar: CookieJar | undefined, body: ReturnType<typeof multipart>) {
    return t.app.inject({
      method: "POST",
      url: "/api/users/avatar",
      headers: { ...t.headers, ...body.headers, ...(jar ? { cookie: jar.header() } : {}) },
      payload: body.payload,
    });
  }

  it("stores an image checked by its content and returns its public URL, served as that image", async () => {
    const { jar } = await signedInUser(t);
    const res = await upload(jar, multipart(png, "me.jpg", "image/jpeg"));
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/files/users/.+_avatar\\.png$`));
    const served = await t.app.inject({ method: "GET", url: url.slice(TEST_ORIGIN.length) });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    // Stored as a fresh encode without metadata (docs/operations.md, the image gate): the same
    // picture, pixel for pixel (PNG is lossless), not necessarily the same bytes.
    const pixels = async (bytes: Buffer) => sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const [got, sent] = await Promise.all([pixels(served.rawPayload), pixels(png)]);
    expect(got.info).toMatchObject({ width: sent.info.width, height: sent.info.height });
    expect(Buffer.compare(got.data, sent.data)).toBe(0);
  });

  it("refuses a file that is not an image whatever its name and declared type (SVG included)", async () => {
    const { jar } = await signedInUser(t);
    const html = await upload(
      jar,
      multipart(Buffer.from("<html><script>alert(1)</script></html>"), "a.png", "image/png"),
    );
    expect(html.statusCode).toBe(415);
    const svg = await upload(
      jar,
      multipart(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        "a.svg",
        "image/svg+xml",
      ),
    );
    expect(svg.statusCode).toBe(415);
  });

  it("refuses an image over 2 MB with 413", async () => {
    const { jar } = await signedInUser(t);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await upload(jar, multipart(big, "big.png", "image/png"));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain("2");
  });

  it("is 401 without a session and 422 without the file field", async () => {
    expect((await upload(undefined, multipart(png, "a.png", "image/png"))).statusCode).toBe(401);
    const { jar } = await signedInUser(t);
    const wrongField = await upload(jar, multipart(png, "a.png", "image/png", "picture"));
    expect(wrongField.statusCode).toBe(422);
    // The field is named in the request language ("Tệp là bắt buộc").
    expect(wrongField.json().errors).toEqual([
      translate("vi", "validation.required", { field: translate("vi", "fields.file") }),
    ]);
  });
});

describe("session lifetime", () => {
  it("slides forward while in use (new cookie expiry, at most daily) and ends after 30 idle days", async () => {
    const { jar, user } = await signedInUser(t);
    const start = Date.now();
    const expiry = async () => {
      const rows = await t.database.db.select().from(sessions);
      return rows.filter((s) => s.userId === user.id).map((s) => s.expiresAt.getTime());
    };
    const [initial] = await expiry();

    // Same day: no rewrite, no new cookie.
    const sameDay = await me(t, jar);
    expect(sameDay.statusCode).toBe(200);
    expect(sameDay.headers["set-cookie"]).toBeUndefined();
    expect(await expiry()).toEqual([initial]);

    // Two days later: extended to 30 days from then, cookie re-sent with the same flags.
    vi.useFakeTimers({ toFake: ["Date"], now: start + 2 * 24 * 3600 * 1000 });
    const later = await me(t, jar);
    expect(later.statusCode).toBe(200);
    const line = ([] as string[])
      .concat(later.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("vt_session="));
    const cookie = parseSetCookie(line!);
    expect(cookie.value).toBe(jar.get("vt_session"));
    expect(cookie.attributes.httponly).toBe(true);
    expect(cookie.attributes.samesite).toBe("Lax");
    const [extended] = await expiry();
    expect(extended! - initial!).toBeGreaterThanOrEqual(2 * 24 * 3600 * 1000 - 5000);

    // 31 idle days after that: gone.
    vi.useFakeTimers({ toFake: ["Date"], now: start + 33 * 24 * 3600 * 1000 });
    expect((await me(t, jar)).statusCode).toBe(401);
  });
});
