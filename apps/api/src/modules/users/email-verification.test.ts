/**
 * No invitation takeover (docs/identity.md, "E-mail verification"): invitations are shown and
 * answered only by a user whose e-mail is verified; the verification mail's link is signed,
 * expiring and single use; "send again" is rate limited; an ID token's `email_verified: false`
 * never verifies.
 */
import { createServer, type Server } from "node:http";
import { and, eq, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../test/app";
import { CookieJar } from "../../../test/cookie-jar";
import { call, createTeam, createUser } from "../../../test/fixtures/api";
import {
  authPost,
  exchange,
  idToken,
  linkIn,
  me,
  newAccount,
  outbox,
  register,
  signIn,
} from "../../../test/identity";
import { authUser } from "../../db/schema/auth";
import { teamMembers } from "../../db/schema/teams";
import { emailVerifications, users } from "../../db/schema/users";
import { translate } from "../../lib/messages";
import { RESEND_MAX_PER_HOUR, VERIFICATION_TTL_SECONDS } from "./email-verification";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

const db = () => t.database.db;

/** Registers with the embedded provider and opens the uploader session, as the dashboard does. */
async function signUp(email = newAccount().email) {
  const { jar } = await register(t, newAccount({ email }));
  const res = await exchange(t, await idToken(t, jar), jar);
  expect(res.statusCode).toBe(200);
  return { jar, user: res.json() as { id: number; email: string; emailVerified: boolean } };
}

/** The token of the newest verification link mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mails = await outbox(t, email);
  expect(mails.length).toBeGreaterThan(0);
  return linkIn(mails.at(-1)!.text, `${TEST_ORIGIN}/verify-email?token=`).searchParams.get("token")!;
}

async function openLink(token: string, lang?: "en") {
  const jar = new CookieJar();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users/verify-email",
    headers: { ...t.headers, ...(lang ? { "x-custom-lang": lang } : {}) },
    payload: { token },
  });
  jar.store(res.headers["set-cookie"]);
  return { res, jar };
}

async function jarCall(jar: CookieJar, method: "GET" | "POST", url: string, lang?: "en") {
  return t.app.inject({
    method,
    url,
    headers: { ...t.headers, cookie: jar.header(), ...(lang ? { "x-custom-lang": lang } : {}) },
  });
}

async function isMember(teamId: number, userId: number) {
  const rows = await db()
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return rows.length > 0;
}

describe("invitation takeover", () => {
  it("an unverified registrant of the invited address can neither see nor answer the invitation; after verifying, can", async () => {
    const owner = await createUser(t);
    const teamId = await createTeam(t, owner);
    const email = `new.${Date.now()}@x.example`;
    const invited = await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
      payload: { email, role: "manager" },
    });
    expect(invited.statusCode).toBe(201);
    const invitationId = invited.json().id as number;

    // Someone registers the invited address: sign-up alone proves nothing.
    const { jar, user } = await signUp(email);
    expect(user.emailVerified).toBe(false);
    expect((await me(t, jar)).json()).toMatchObject({ id: user.id, emailVerified: false });

    const list = await jarCall(jar, "GET", "/api/invitations");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ invitations: [], awaitingVerification: 1 });

    const accept = await jarCall(jar, "POST", `/api/invitations/${invitationId}/accept`);
    expect(accept.statusCode).toBe(403);
    expect(accept.json()).toEqual({
      message: translate("vi", "verification.invitationNeedsVerifiedEmail"),
      code: "FORBIDDEN",
    });
    const acceptEn = await jarCall(jar, "POST", `/api/invitations/${invitationId}/accept`, "en");
    expect(acceptEn.json().message).toBe("Confirm your e-mail before answering a team invitation");
    expect((await jarCall(jar, "POST", `/api/invitations/${invitationId}/decline`)).statusCode).toBe(403);
    expect(await isMember(teamId, user.id)).toBe(false);
    // The invitation still waits for its real addressee.
    const pending = await call(t, owner, "GET", `/api/teams/${teamId}/invitations`);
    expect(pending.json().invitations.map((i: { id: number }) => i.id)).toEqual([invitationId]);

    // The owner of the mailbox opens the link: verified and signed in, in a fresh browser.
    const { res, jar: verifiedJar } = await openLink(await mailedToken(email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email, emailVerified: true });
    expect((await me(t, verifiedJar)).json()).toMatchObject({ id: user.id, emailVerified: true });

    const mine = (await jarCall(verifiedJar, "GET", "/api/invitations")).json();
    expect(mine.awaitingVerification).toBe(0);
    expect(mine.invitations).toEqual([expect.objectContaining({ id: invitationId, role: "manager" })]);
    const accepted = await jarCall(verifiedJar, "POST", `/api/invitations/${invitationId}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().team).toMatchObject({ id: teamId, myRole: "manager" });
    expect(await isMember(teamId, user.id)).toBe(true);
  });

  it("the real owner of a squatted address takes the account back with a password reset: verified, the squatter signed out", async () => {
    const owner = await createUser(t);
    const teamId = await createTeam(t, owner);
    const email = `squatted.${Date.now()}@x.example`;
    const invited = await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
      payload: { email, role: "manager" },
    });
    const invitationId = invited.json().id as number;
    const { jar: squatter, user } = await signUp(email);
    expect(user.emailVerified).toBe(false);

    // The mailbox's owner asks for a reset (registering again is refused: the address is taken).
    expect((await authPost(t, "/auth/request-password-reset", { email })).statusCode).toBe(200);
    const mails = await outbox(t, email);
    const token = linkIn(mails.at(-1)!.text, `${TEST_ORIGIN}/login?`).searchParams.get("token")!;
    const reset = await authPost(t, "/auth/reset-password", { token, newPassword: "mine for real 2026" });
    expect(reset.statusCode).toBe(200);

    // The squatter's uploader session is over; the owner signs in verified and sees the invitation.
    expect((await me(t, squatter)).statusCode).toBe(401);
    const { jar } = await signIn(t, { email, password: "mine for real 2026" });
    const session = await exchange(t, await idToken(t, jar), jar);
    expect(session.json()).toMatchObject({ id: user.id, email, emailVerified: true });
    const mine = (await jarCall(jar, "GET", "/api/invitations")).json();
    expect(mine.invitations).toEqual([expect.objectContaining({ id: invitationId })]);
    const [provider] = await db().select().from(authUser).where(eq(authUser.email, email));
    expect(provider?.emailVerified).toBe(true);
  });

  it("the verification sticks: after choosing a password by mail, the provider's ID token says email_verified and the sign-in stays verified", async () => {
    const account = newAccount();
    const { jar } = await register(t, account);
    expect((await exchange(t, await idToken(t, jar), jar)).json().emailVerified).toBe(false);
    expect((await openLink(await mailedToken(account.email))).res.statusCode).toBe(200);
    const [provider] = await db().select().from(authUser).where(eq(authUser.email, account.email));
    expect(provider?.emailVerified).toBe(true);
    // The provider session and the password made before the proof are over (docs/identity.md).
    const stale = await t.app.inject({
      method: "GET",
      url: "/auth/token",
      headers: { cookie: jar.header() },
    });
    expect(stale.statusCode).toBe(401);
    expect((await signIn(t, account)).res.statusCode).toBe(401);
    expect((await authPost(t, "/auth/request-password-reset", { email: account.email })).statusCode).toBe(
      200,
    );
    const mails = await outbox(t, account.email);
    const token = linkIn(mails.at(-1)!.text, `${TEST_ORIGIN}/login?`).searchParams.get("token")!;
    expect(
      (await authPost(t, "/auth/reset-password", { token, newPassword: account.password })).statusCode,
    ).toBe(200);
    const { jar: fresh } = await signIn(t, account);
    const again = await exchange(t, await idToken(t, fresh), fresh);
    expect(again.json()).toMatchObject({ email: account.email, emailVerified: true });
  });
});

describe("POST /api/users/verify-email", () => {
  it("works once: the same link again is a translated 400 and changes nothing", async () => {
    const { user } = await signUp();
    const token = await mailedToken(user.email);
    expect((await openLink(token)).res.statusCode).toBe(200);
    const [before] = await db().select().from(users).where(eq(users.id, user.id));

    const again = await openLink(token);
    expect(again.res.statusCode).toBe(400);
    expect(again.res.json()).toEqual({
      message: translate("vi", "verification.linkUsed"),
      code: "BAD_REQUEST",
    });
    expect(again.res.headers["set-cookie"]).toBeUndefined();
    expect((await openLink(token, "en")).res.json().message).toBe(
      "This confirmation link was already used. Each link works once",
    );
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after?.emailVerifiedAt).toEqual(before?.emailVerifiedAt);
  });

  it("refuses a tampered link (id, expiry or signature changed) with a translated 400 and verifies nothing", async () => {
    const { user } = await signUp();
    const token = await mailedToken(user.email);
    const [id, expires, signature] = token.split(".") as [string, string, string];
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    for (const bad of [
      `${flip(id)}.${expires}.${signature}`,
      `${id}.${Number(expires) + 3600}.${signature}`,
      `${id}.${expires}.${flip(signature)}`,
      `${id}.${expires}`,
      "not-a-token",
    ]) {
      const { res } = await openLink(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({
        message: translate("vi", "verification.linkInvalid"),
        code: "BAD_REQUEST",
      });
    }
    expect((await openLink("x".repeat(600))).res.statusCode).toBe(422);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/users/verify-email",
      headers: t.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerifiedAt).toBeNull();
    // The genuine link still works afterwards.
    expect((await openLink(token)).res.statusCode).toBe(200);
  });

  it("refuses an expired link (translated) and keeps it unused", async () => {
    const { user } = await signUp();
    const token = await mailedToken(user.email);
    const later = Date.now() + (VERIFICATION_TTL_SECONDS + 60) * 1000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    const { res } = await openLink(token, "en");
    vi.restoreAllMocks();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "This confirmation link has expired. Sign in and send a new one",
      code: "BAD_REQUEST",
    });
    const [link] = await db().select().from(emailVerifications).where(eq(emailVerifications.userId, user.id));
    expect(link?.usedAt).toBeNull();
  });

  it("refuses a link sent to an address the account no longer has", async () => {
    const { user } = await signUp();
    const token = await mailedToken(user.email);
    await db()
      .update(users)
      .set({ email: `moved.${user.id}@example.com` })
      .where(eq(users.id, user.id));
    const { res } = await openLink(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(translate("vi", "verification.linkStale"));
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerifiedAt).toBeNull();
  });
});

describe("POST /api/users/verification-email (send again)", () => {
  it("sends a new working link, at most once a minute and five times an hour (translated 429)", async () => {
    const { jar, user } = await signUp();
    expect(await outbox(t, user.email)).toHaveLength(1); // the sign-up mail

    // Right after the sign-up mail: too soon.
    const soon = await jarCall(jar, "POST", "/api/users/verification-email");
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe("RATE_LIMITED");
    expect(soon.json().message).toMatch(/^Thư xác nhận vừa được gửi\. .* thử lại sau \d+ giây$/);
    expect(await outbox(t, user.email)).toHaveLength(1);

    const age = async () =>
      db()
        .update(emailVerifications)
        .set({ createdAt: sql`${emailVerifications.createdAt} - interval '2 minutes'` })
        .where(eq(emailVerifications.userId, user.id));
    for (let sent = 1; sent < RESEND_MAX_PER_HOUR; sent++) {
      await age();
      const res = await jarCall(jar, "POST", "/api/users/verification-email");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: user.email });
    }
    expect(await outbox(t, user.email)).toHaveLength(RESEND_MAX_PER_HOUR);
    await age();
    const tooMany = await jarCall(jar, "POST", "/api/users/verification-email", "en");
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual({
      message: `You asked for the confirmation mail ${RESEND_MAX_PER_HOUR} times in an hour. Try again later`,
      code: "RATE_LIMITED",
    });
    expect(await outbox(t, user.email)).toHaveLength(RESEND_MAX_PER_HOUR);

    // Any unused link works (the newest here); then the user is verified and sending again is 409
    // (in the session the link opened: the one made before the proof is over).
    const proven = await openLink(await mailedToken(user.email));
    expect(proven.res.statusCode).toBe(200);
    expect((await jarCall(jar, "POST", "/api/users/verification-email")).statusCode).toBe(401);
    const done = await jarCall(proven.jar, "POST", "/api/users/verification-email");
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(translate("vi", "verification.alreadyVerified"));
  });

  it("is 401 without a session", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/verification-email",
      headers: t.headers,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("third-party sign-in (TRUSTED_ISSUERS)", () => {
  let server: Server;
  let ext: TestApp;
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  const ISSUER = "https://id.partner.example";

  beforeAll(async () => {
    keys = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: "p-1", alg: "RS256" };
    server = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    ext = await createTestApp({
      env: {
        TRUSTED_ISSUERS: JSON.stringify([
          { issuer: ISSUER, audience: "uploader", jwksUrl: `http://127.0.0.1:${port}/jwks` },
        ]),
      },
    });
  });
  afterAll(async () => {
    await ext?.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  const token = (subject: string, claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "p-1" })
      .setIssuer(ISSUER)
      .setAudience("uploader")
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(keys.privateKey);

  it("email_verified: false (or missing) stays unverified, gets the mail, and the invitation waits; true verifies", async () => {
    const owner = await createUser(ext);
    const teamId = await createTeam(ext, owner);
    const email = `oidc.${Date.now()}@x.example`;
    await call(ext, owner, "POST", `/api/teams/${teamId}/invitations`, {
      payload: { email, role: "uploader" },
    });

    const jar = new CookieJar();
    const first = await exchange(ext, await token("s-1", { email, email_verified: false }), jar);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email, emailVerified: false });
    const list = await ext.app.inject({
      method: "GET",
      url: "/api/invitations",
      headers: { cookie: jar.header() },
    });
    expect(list.json()).toEqual({ invitations: [], awaitingVerification: 1 });
    // The invitation mail and our verification mail.
    const mails = (await outbox(ext, email)).map((m) => m.text);
    expect(mails.filter((text) => text.includes(`${TEST_ORIGIN}/verify-email?token=`))).toHaveLength(1);

    // A token without the claim does not verify either.
    const again = await exchange(ext, await token("s-1", { email }), jar);
    expect(again.json().emailVerified).toBe(false);

    const missing = await exchange(ext, await token("s-2", { email: `other.${email}` }));
    expect(missing.json().emailVerified).toBe(false);

    // The issuer now says the address is verified: that reaches our user record.
    const verified = await exchange(ext, await token("s-1", { email, email_verified: true }), jar);
    expect(verified.json()).toMatchObject({ email, emailVerified: true });
    const mine = await ext.app.inject({
      method: "GET",
      url: "/api/invitations",
      headers: { cookie: jar.header() },
    });
    expect(mine.json().invitations).toHaveLength(1);

    // A later token saying false does not undo a verification of the same address.
    const later = await exchange(ext, await token("s-1", { email, email_verified: false }), jar);
    expect(later.json().emailVerified).toBe(true);
  });
});
