/**
 * A role granted meanwhile shows without signing out. An address in ADMIN_EMAILS that registered
 * unverified becomes admin when the verification link is opened: the session that link opens is the
 * admin's at once, while the session made before the proof is over (docs/identity.md, "What a proof
 * of the address ends"). A user an admin promotes reads the role on the next `GET /api/users/me`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../test/app";
import { CookieJar } from "../../../test/cookie-jar";
import { call, createUser } from "../../../test/fixtures/api";
import { exchange, idToken, linkIn, me, newAccount, outbox, register } from "../../../test/identity";

const BOSS = "sep.tong@vi-du.vn";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: BOSS } });
});
afterAll(() => t?.close());

describe("a role granted meanwhile", () => {
  it("ADMIN_EMAILS: admin once the address is proven by the link, in the session the link opens; the earlier session is over", async () => {
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
    // The session the link opened is the admin's, no second sign-in needed; the one made before the
    // proof (whoever registered may not be whoever reads the mail) is over.
    const opened = new CookieJar().store(verified.headers["set-cookie"]);
    expect((await me(t, opened)).json().role).toBe("admin");
    expect((await me(t, jar)).statusCode).toBe(401);
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
