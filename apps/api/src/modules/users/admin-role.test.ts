/**
 * Issue 28: a role granted meanwhile shows without signing out. An address in ADMIN_EMAILS that
 * registered unverified becomes admin when the verification link is opened; the session it already
 * had reads the role on its next call (`GET /api/users/me`), as does a user an admin promotes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../test/app";
import { call, createUser } from "../../../test/fixtures/api";
import { exchange, idToken, linkIn, me, newAccount, outbox, register } from "../../../test/identity";

const BOSS = "sep.tong@vi-du.vn";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: BOSS } });
});
afterAll(() => t?.close());

describe("a role granted meanwhile", () => {
  it("ADMIN_EMAILS: admin once the address is proven by the link; the open session sees it", async () => {
    const { jar } = await register(t, newAccount({ email: BOSS }));
    const signedIn = await exchange(t, await idToken(t, jar), jar);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().role).toBe("user");

    const mails = await outbox(t, BOSS);
    const token = linkIn(mails.at(-1)!.text, `${TEST_ORIGIN}/verify-email?token=`).searchParams.get("token")!;
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/users/verify-email",
      headers: t.headers,
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().role).toBe("admin");
    // The session opened before the verification: no second sign-in needed.
    expect((await me(t, jar)).json().role).toBe("admin");
  });

  it("an admin's grant shows on the user's next /api/users/me", async () => {
    const admin = await createUser(t, { admin: true });
    const user = await createUser(t);
    expect((await call(t, user, "GET", "/api/users/me")).json().role).toBe("user");
    const grant = await call(t, admin, "PATCH", `/api/admin/users/${user.id}`, {
      payload: { role: "admin" },
    });
    expect(grant.statusCode).toBe(200);
    expect((await call(t, user, "GET", "/api/users/me")).json().role).toBe("admin");
  });
});
