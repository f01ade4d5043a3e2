/**
 * Password reset (single-use, expiring tokens sent through the outbox mailer), sessions ended on
 * reset/change, and the database-backed rate limits keyed on the real client address.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/app";
import { CookieJar } from "../../test/cookie-jar";
import {
  authPost,
  exchange,
  freshIp,
  idToken,
  linkIn,
  me,
  newAccount,
  outbox,
  register,
  signedInUser,
  signIn,
} from "../../test/identity";
import { authRateLimit } from "../db/schema/auth";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function requestReset(email: string): Promise<string> {
  const res = await authPost(t, "/auth/request-password-reset", { email });
  expect(res.statusCode).toBe(200);
  const mails = await outbox(t, email);
  expect(mails.length).toBeGreaterThan(0);
  const link = linkIn(mails.at(-1)!.text, `${TEST_ORIGIN}/login?`);
  expect(link.searchParams.get("mode")).toBe("reset");
  return link.searchParams.get("token")!;
}

describe("password reset", () => {
  it("mails a link to /login?mode=reset whose token works exactly once", async () => {
    const { account } = await register(t);
    const token = await requestReset(account.email);
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);

    const reset = await authPost(t, "/auth/reset-password", { token, newPassword: "a brand new password" });
    expect(reset.statusCode).toBe(200);
    const again = await authPost(t, "/auth/reset-password", { token, newPassword: "another password 2" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "INVALID_TOKEN" });

    expect((await signIn(t, { email: account.email, password: account.password })).res.statusCode).toBe(401);
    expect((await signIn(t, { email: account.email, password: "a brand new password" })).res.statusCode).toBe(
      200,
    );
  });

  it("refuses a token after its hour is over (fake clock)", async () => {
    const { account } = await register(t);
    const token = await requestReset(account.email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60 * 1000 });
    const reset = await authPost(t, "/auth/reset-password", { token, newPassword: "too late password" });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: "INVALID_TOKEN" });
    vi.useRealTimers();
    expect((await signIn(t, account)).res.statusCode).toBe(200);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const res = await authPost(t, "/auth/request-password-reset", { email: "nobody@example.com" });
    expect(res.statusCode).toBe(200);
    expect(await outbox(t, "nobody@example.com")).toHaveLength(0);
  });

  it("ends the user's provider sessions and uploader sessions", async () => {
    const { jar, account } = await signedInUser(t);
    const other = await signIn(t, account);
    expect((await exchange(t, await idToken(t, other.jar), other.jar)).statusCode).toBe(200);
    const bystander = await signedInUser(t);

    const token = await requestReset(account.email);
    expect(
      (await authPost(t, "/auth/reset-password", { token, newPassword: "fresh password 123" })).statusCode,
    ).toBe(200);

    for (const j of [jar, other.jar]) {
      const session = await t.app.inject({
        method: "GET",
        url: "/auth/get-session",
        headers: { cookie: j.header() },
      });
      expect(session.json()).toBeNull();
      expect((await me(t, j)).statusCode).toBe(401);
    }
    expect((await me(t, bystander.jar)).statusCode).toBe(200);
  });
});

describe("password change", () => {
  it("ends the user's other sessions (provider and uploader) but keeps the one making the change", async () => {
    const { jar: current, account } = await signedInUser(t);
    const elsewhere = await signIn(t, account);
    expect((await exchange(t, await idToken(t, elsewhere.jar), elsewhere.jar)).statusCode).toBe(200);

    const res = await authPost(
      t,
      "/auth/change-password",
      { currentPassword: account.password, newPassword: "changed password 42" },
      { jar: current },
    );
    expect(res.statusCode).toBe(200);

    const otherSession = await t.app.inject({
      method: "GET",
      url: "/auth/get-session",
      headers: { cookie: elsewhere.jar.header() },
    });
    expect(otherSession.json()).toBeNull();
    expect((await me(t, elsewhere.jar)).statusCode).toBe(401);

    const mine = await t.app.inject({
      method: "GET",
      url: "/auth/get-session",
      headers: { cookie: current.header() },
    });
    expect(mine.json()).toMatchObject({ user: { email: account.email } });
    expect((await me(t, current)).statusCode).toBe(200);
  });
});

describe("rate limits", () => {
  it("limits sign-in per client address even when X-Forwarded-For changes on every request", async () => {
    const { account } = await register(t);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await authPost(
        t,
        "/auth/sign-in/email",
        { email: account.email, password: "wrong password" },
        { ip, headers: { "x-forwarded-for": `203.0.113.${i}`, "x-vt-client-ip": `198.51.100.${i}` } },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await authPost(t, "/auth/sign-in/email", { email: account.email, password: "x" }, { ip });
    expect(limited.json()).toMatchObject({ code: "RATE_LIMITED", message: expect.any(String) });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

    // The counters live in the database (shared by every instance, kept across restarts).
    const rows = await t.database.db
      .select()
      .from(authRateLimit)
      .where(eq(authRateLimit.key, `${ip}|/sign-in/email`));
    expect(rows).toHaveLength(1);

    // Another client is not affected.
    expect((await signIn(t, account, freshIp())).res.statusCode).toBe(200);
  });

  it("limits forgot-password the same way", async () => {
    const { account } = await register(t);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await authPost(
        t,
        "/auth/request-password-reset",
        { email: account.email },
        { ip, headers: { "x-forwarded-for": `203.0.113.${i + 50}` } },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await outbox(t, account.email)).toHaveLength(5); // the verification mail waits for the first sign-in
  });

  it("honours X-Forwarded-For only when TRUST_PROXY says the proxy is trusted", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: "true" } });
    try {
      const account = newAccount();
      const jar = new CookieJar();
      const signUp = await authPost(proxied, "/auth/sign-up/email", account, { jar });
      expect(signUp.statusCode).toBe(200);
      const proxyIp = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await authPost(
          proxied,
          "/auth/sign-in/email",
          { email: account.email, password: "wrong password" },
          { ip: proxyIp, headers: { "x-forwarded-for": `203.0.113.${i + 100}` } },
        );
        statuses.push(res.statusCode);
      }
      // Seven different real clients behind one proxy: none is limited.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401]);
    } finally {
      await proxied.close();
    }
  });
});
