import { createHmac } from "node:crypto";
import { count } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../test/app";
import { CookieJar, parseSetCookie } from "../../../test/cookie-jar";
import { exchange, freshIp, idToken, me, newAccount, register, signedInUser } from "../../../test/identity";
import { sessions } from "../../db/schema/users";
import { translate } from "../../lib/messages";

let t: TestApp;
const ISSUER = `${TEST_ORIGIN}/auth`;
const AUDIENCE = "vuon-truyen-uploader";

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: "boss@example.com" } });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const now = () => Math.floor(Date.now() / 1000);

/** Signs a payload with the embedded provider's real private key (server-only API). */
async function signWithEmbeddedKey(payload: Record<string, unknown>): Promise<string> {
  const { token } = await t.app.auth.api.signJWT({ body: { payload } });
  return token;
}

describe("POST /api/users/auth", () => {
  it("exchanges the embedded provider's ID token for an HttpOnly SameSite=Lax session cookie, then GET /api/users/me returns the user", async () => {
    const account = newAccount({ name: "Lan Anh" });
    const { jar } = await register(t, account);
    const token = await idToken(t, jar);

    // The ID token: asymmetric, short-lived, and carrying only what the uploader service needs.
    expect(decodeProtectedHeader(token).alg).toBe("EdDSA");
    const claims = decodeJwt(token);
    expect(claims.iss).toBe(ISSUER);
    expect(claims.aud).toBe(AUDIENCE);
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(Object.keys(claims).sort()).toEqual(
      ["aud", "email", "email_verified", "exp", "iat", "iss", "name", "sid", "sub"].sort(),
    );

    const res = await exchange(t, token, undefined, { email: "hint@example.com", name: "Hint" });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      email: account.email,
      name: "Lan Anh",
      avatar: null,
      role: "user",
      emailVerified: false,
    });

    const line = ([] as string[])
      .concat(res.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("vt_session="));
    expect(line).toBeDefined();
    const cookie = parseSetCookie(line!);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes.httponly).toBe(true);
    expect(cookie.attributes.samesite).toBe("Lax");
    expect(cookie.attributes.path).toBe("/");
    expect(cookie.attributes.secure).toBeUndefined();
    expect(Number(cookie.attributes["max-age"])).toBe(30 * 24 * 60 * 60);

    // Only a hash of the cookie value is stored.
    const stored = await t.database.db.select().from(sessions);
    expect(stored.some((s) => s.id === cookie.value)).toBe(false);
    expect(stored.some((s) => s.userId === user.id && /^[0-9a-f]{64}$/.test(s.id))).toBe(true);

    const meRes = await me(t, new CookieJar().store(line));
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json()).toEqual(user);
    // The boot check answers the same user.
    const session = await t.app.inject({
      method: "GET",
      url: "/api/users/session",
      headers: { cookie: new CookieJar().store(line).header() },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user });
  });

  it("GET /api/users/session answers 200 with user null when signed out, a forged or ended cookie too", async () => {
    for (const cookie of [undefined, "vt_session=forged"]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/users/session",
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
    }
  });

  it("signs the same identity into the same user on later exchanges", async () => {
    const { jar, user } = await signedInUser(t);
    const again = await exchange(t, await idToken(t, jar));
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(user.id);
  });

  it("GET /api/users/me without a session is 401", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "UNAUTHORIZED" });
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/users/me",
      headers: { cookie: "vt_session=forged" },
    });
    expect(forged.statusCode).toBe(401);
  });

  describe("rejects with 401 and opens no session", () => {
    let jwks: { keys: Array<Record<string, string>> };
    beforeAll(async () => {
      await register(t); // the key pair exists once a token was minted
      jwks = (await t.app.inject({ method: "GET", url: "/auth/jwks" })).json();
    });

    async function expect401(token: string) {
      const before = (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;
      const res = await exchange(t, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: "UNAUTHORIZED" });
      expect(res.headers["set-cookie"]).toBeUndefined();
      const after = (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;
      expect(after).toBe(before);
    }
    const base = () => ({ sub: "someone", email: "x@example.com", iat: now(), exp: now() + 60 });

    it("a genuine token without an e-mail and no usable hint: 422 naming the e-mail, translated", async () => {
      // A real provider session (its id and user) so only the missing e-mail is wrong.
      const { jar } = await register(t);
      const { sid, sub } = decodeJwt(await idToken(t, jar));
      const token = await signWithEmbeddedKey({
        sub,
        sid,
        iss: ISSUER,
        aud: AUDIENCE,
        iat: now(),
        exp: now() + 60,
      });
      for (const lang of ["vi", "en"] as const) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/users/auth",
          headers: { ...t.headers, "x-custom-lang": lang },
          payload: { token, email: "not-an-address", name: null, avatar: null },
        });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          code: "VALIDATION",
          message: translate(lang, "errors.VALIDATION"),
        });
        const [text] = res.json().errors as string[];
        expect(text).toContain(translate(lang, "verification.emailMissing"));
        expect(text).not.toMatch(/missing from the token|verification\./);
      }
    });

    it("a genuine token whose provider session has ended (signed out before the exchange)", async () => {
      const { jar } = await register(t);
      const token = await idToken(t, jar);
      const out = await t.app.inject({
        method: "POST",
        url: "/auth/sign-out",
        headers: { origin: TEST_ORIGIN, cookie: jar.header(), "content-type": "application/json" },
        payload: "{}",
      });
      expect(out.statusCode).toBe(200);
      await expect401(token);
    });

    it("an embedded token without a provider session, or naming another user's session (signed with the real key)", async () => {
      const { jar } = await register(t);
      const { sid } = decodeJwt(await idToken(t, jar));
      const claims = { ...base(), iss: ISSUER, aud: AUDIENCE };
      await expect401(await signWithEmbeddedKey(claims));
      await expect401(await signWithEmbeddedKey({ ...claims, sid }));
      await expect401(await signWithEmbeddedKey({ ...claims, sid: "no-such-session" }));
    });

    it("a token of an issuer that is not trusted (signed with the real key)", async () => {
      await expect401(
        await signWithEmbeddedKey({ ...base(), iss: "https://evil.example/auth", aud: AUDIENCE }),
      );
    });

    it("a token for another audience (signed with the real key)", async () => {
      await expect401(await signWithEmbeddedKey({ ...base(), iss: ISSUER, aud: "another-service" }));
    });

    it("an expired token (signed with the real key)", async () => {
      await expect401(
        await signWithEmbeddedKey({
          ...base(),
          iss: ISSUER,
          aud: AUDIENCE,
          iat: now() - 900,
          exp: now() - 600,
        }),
      );
    });

    it("a genuine token once its 5 minutes are over (fake clock)", async () => {
      const { jar } = await register(t);
      const token = await idToken(t, jar);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6 * 60 * 1000 });
      await expect401(token);
    });

    it("alg none", async () => {
      const kid = jwks.keys[0]!.kid;
      await expect401(
        `${b64({ alg: "none", typ: "JWT", kid })}.${b64({ ...base(), iss: ISSUER, aud: AUDIENCE })}.`,
      );
    });

    it("HS256 signed with the issuer's public key", async () => {
      const key = jwks.keys[0]!;
      const header = b64({ alg: "HS256", typ: "JWT", kid: key.kid });
      const body = b64({ ...base(), iss: ISSUER, aud: AUDIENCE });
      for (const secret of [JSON.stringify(key), Buffer.from(key.x!, "base64url")]) {
        const signature = createHmac("sha256", secret).update(`${header}.${body}`).digest("base64url");
        await expect401(`${header}.${body}.${signature}`);
      }
    });

    it("an unknown key id", async () => {
      const other = await generateKeyPair("EdDSA", { crv: "Ed25519" });
      const token = await new SignJWT({ email: "x@example.com" })
        .setProtectedHeader({ alg: "EdDSA", kid: "not-a-known-kid" })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject("someone")
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(other.privateKey);
      await expect401(token);
    });

    it("garbage", async () => {
      for (const token of ["garbage", "a.b.c", `${b64({ alg: "EdDSA" })}.not-json.sig`])
        await expect401(token);
    });
  });

  it("accepts an ID token of an extra issuer from TRUSTED_ISSUERS and keeps identities apart", async () => {
    const keys = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: "ext-1", alg: "RS256" };
    const { createServer } = await import("node:http");
    const server = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const ext = await createTestApp({
      env: {
        TRUSTED_ISSUERS: JSON.stringify([
          {
            issuer: "https://id.partner.example",
            audience: "uploader",
            jwksUrl: `http://127.0.0.1:${port}/jwks`,
          },
        ]),
      },
    });
    try {
      const token = await new SignJWT({ email: "Partner@Example.com", email_verified: true, name: "Partner" })
        .setProtectedHeader({ alg: "RS256", kid: "ext-1" })
        .setIssuer("https://id.partner.example")
        .setAudience("uploader")
        .setSubject("p-1")
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(keys.privateKey);
      const res = await exchange(ext, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: "partner@example.com", name: "Partner", role: "user" });
    } finally {
      await ext.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("cookie on HTTPS deployments", () => {
  it("is marked Secure when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: "https://studio.example" } });
    try {
      const jar = new CookieJar();
      const account = newAccount();
      const signUp = await secure.app.inject({
        method: "POST",
        url: "/auth/sign-up/email",
        remoteAddress: freshIp(),
        headers: { origin: "https://studio.example", "content-type": "application/json" },
        payload: JSON.stringify(account),
      });
      expect(signUp.statusCode).toBe(200);
      jar.store(signUp.headers["set-cookie"]);
      const tokenRes = await secure.app.inject({
        method: "GET",
        url: "/auth/token",
        headers: { cookie: jar.header() },
      });
      const res = await secure.app.inject({
        method: "POST",
        url: "/api/users/auth",
        headers: { "x-app-origin": "https://studio.example" },
        payload: { token: tokenRes.json().token },
      });
      expect(res.statusCode).toBe(200);
      const line = ([] as string[])
        .concat(res.headers["set-cookie"] ?? [])
        .find((c) => c.startsWith("vt_session="));
      const cookie = parseSetCookie(line!);
      expect(cookie.attributes.secure).toBe(true);
      expect(cookie.attributes.httponly).toBe(true);
      expect(cookie.attributes.samesite).toBe("Lax");
    } finally {
      await secure.close();
    }
  });
});

describe("CSRF: the app-origin header", () => {
  it("rejects a state-changing /api/users call without x-app-origin, from another origin, or with a foreign Origin", async () => {
    const { jar, user } = await signedInUser(t);
    const attempts: Array<Record<string, string>> = [
      {},
      { "x-app-origin": "https://evil.example" },
      { "x-app-origin": TEST_ORIGIN, origin: "https://evil.example" },
    ];
    for (const headers of attempts) {
      const put = await t.app.inject({
        method: "PUT",
        url: `/api/users/${user.id}`,
        headers: { ...headers, cookie: jar.header() },
        payload: { name: "Hacked" },
      });
      expect(put.statusCode).toBe(403);
      const logout = await t.app.inject({
        method: "POST",
        url: "/api/users/logout",
        headers: { ...headers, cookie: jar.header() },
      });
      expect(logout.statusCode).toBe(403);
    }
    const still = await me(t, jar);
    expect(still.statusCode).toBe(200);
    expect(still.json().name).toBe(user.name);
  });
});
