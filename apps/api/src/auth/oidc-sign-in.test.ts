/**
 * Third-party sign-in end to end against a real OpenID Connect provider (`oidc-provider`) on
 * loopback: authorization-code flow with PKCE driven by plain HTTP requests (redirects and
 * cookies followed by hand), ending with a provider session, an ID token of ours and an
 * uploader session.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/app";
import { CookieJar } from "../../test/cookie-jar";

const PROVIDER_ID = "test-idp";
const ACCOUNT = { sub: "idp-user-7", email: "oidc.user@example.com", name: "Người Dùng OIDC" };

let idp: Server;
let issuer: string;
let t: TestApp;

beforeAll(async () => {
  idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "studio",
        client_secret: "studio-secret-studio-secret",
        redirect_uris: [`${TEST_ORIGIN}/auth/callback/${PROVIDER_ID}`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    cookies: { keys: ["oidc-test-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: false } },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: ACCOUNT.email, email_verified: true, name: ACCOUNT.name }),
    }),
  });
  const callback = provider.callback();
  // The "login page" of the provider: finishes each interaction programmatically (no browser).
  idp.on("request", async (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      let result: Record<string, unknown>;
      if (details.prompt.name === "login") {
        result = { login: { accountId: ACCOUNT.sub } };
      } else {
        const grant = new provider.Grant({
          accountId: details.session?.accountId,
          clientId: details.params.client_id,
        });
        grant.addOIDCScope(String(details.params.scope));
        result = { consent: { grantId: await grant.save() } };
      }
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  t = await createTestApp({
    env: {
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: PROVIDER_ID,
          label: "Test IdP",
          issuer,
          clientId: "studio",
          clientSecret: "studio-secret-studio-secret",
        },
        // Bad configuration: nothing listens there, so discovery fails and the provider is skipped.
        {
          id: "broken-idp",
          label: "Broken IdP",
          issuer: "http://127.0.0.1:9/nowhere",
          clientId: "studio",
          clientSecret: "studio-secret-studio-secret",
        },
      ]),
    },
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => idp.close(() => resolve()));
});

describe("third-party OpenID Connect sign-in", () => {
  it("GET /auth/providers lists only the providers the server enabled, not one it skipped", async () => {
    const res = await t.app.inject({ method: "GET", url: "/auth/providers" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: PROVIDER_ID, label: "Test IdP" }]);
    // Signing in through the skipped one answers a stable code, which the login page translates.
    const start = await t.app.inject({
      method: "POST",
      url: "/auth/sign-in/social",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { provider: "broken-idp", callbackURL: "/login" },
    });
    expect(start.statusCode).toBe(404);
    expect(start.json().code).toBe("PROVIDER_NOT_FOUND");
  });

  it("completes the authorization-code flow and yields an ID token accepted by /api/users/auth", async () => {
    const app = new CookieJar();
    const start = await t.app.inject({
      method: "POST",
      url: "/auth/sign-in/social",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { provider: PROVIDER_ID, callbackURL: "/dashboard" },
    });
    expect(start.statusCode).toBe(200);
    app.store(start.headers["set-cookie"]);
    const authorizeUrl = new URL((start.json() as { url: string }).url);
    expect(authorizeUrl.origin).toBe(issuer);
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizeUrl.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/auth/callback/${PROVIDER_ID}`);

    // Follow the provider's redirects (its own cookies kept) until it sends us back.
    const idpJar = new CookieJar();
    let location = authorizeUrl.toString();
    for (let hop = 0; hop < 10 && location.startsWith(issuer); hop++) {
      const res = await fetch(location, { redirect: "manual", headers: { cookie: idpJar.header() } });
      idpJar.store(res.headers.getSetCookie());
      const next = res.headers.get("location");
      expect(next, `hop ${hop} of ${location} answered ${res.status}`).toBeTruthy();
      location = new URL(next!, location).toString();
    }
    expect(location.startsWith(`${TEST_ORIGIN}/auth/callback/${PROVIDER_ID}?`)).toBe(true);
    expect(new URL(location).searchParams.get("code")).toBeTruthy();

    const callback = await t.app.inject({
      method: "GET",
      url: location.slice(TEST_ORIGIN.length),
      headers: { cookie: app.header() },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/dashboard");
    app.store(callback.headers["set-cookie"]);

    const session = await t.app.inject({
      method: "GET",
      url: "/auth/get-session",
      headers: { cookie: app.header() },
    });
    expect(session.json()).toMatchObject({
      user: { email: ACCOUNT.email, name: ACCOUNT.name, emailVerified: true },
    });

    const tokenRes = await t.app.inject({
      method: "GET",
      url: "/auth/token",
      headers: { cookie: app.header() },
    });
    expect(tokenRes.statusCode).toBe(200);
    const { token } = tokenRes.json() as { token: string };

    const exchange = await t.app.inject({
      method: "POST",
      url: "/api/users/auth",
      headers: { ...t.headers, cookie: app.header() },
      payload: { token, email: "ignored@example.com", name: "ignored", avatar: null },
    });
    expect(exchange.statusCode).toBe(200);
    expect(exchange.json()).toMatchObject({ email: ACCOUNT.email, name: ACCOUNT.name, role: "user" });
    app.store(exchange.headers["set-cookie"]);

    const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: app.header() } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: ACCOUNT.email });
  });
});
