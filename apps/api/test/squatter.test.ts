/**
 * Whoever proves the mailbox is the account's only holder afterwards (docs/identity.md, "What a
 * proof of the address ends").
 *
 * - Opening the verification link (or completing a reset by mail) ends every session, provider
 *   session, API token and password made before the proof, unless the address was already proven
 *   when they were made; ADMIN_EMAILS and invitations then reach only credentials made after it,
 *   including through a fresh `GET /auth/token` + `POST /api/users/auth` exchange.
 * - A password reset or change revokes the account's API tokens; re-enabling a disabled account or a
 *   removed member rejoining never revives them.
 * - Nothing about an invitation (team, role, inviter) reaches an unverified account.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authAccount, authSession, authUser } from "../src/db/schema/auth";
import { notifications } from "../src/db/schema/notifications";
import { teamMembers } from "../src/db/schema/teams";
import { apiTokens } from "../src/db/schema/tokens";
import { emailVerifications, users } from "../src/db/schema/users";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./app";
import type { CookieJar } from "./cookie-jar";
import { addMember, call, createTeam, createUser, type TestUser } from "./fixtures/api";
import { createComic } from "./fixtures/comics";
import { authPost, exchange, idToken, linkIn, me, newAccount, outbox, register, signIn } from "./identity";

let t: TestApp;
const BOSS = `boss.${process.pid}@example.test`;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: `someone@example.test,${BOSS}` } });
});
afterAll(() => t?.close());

const db = () => t.database.db;

/** A TestUser view of a jar holding a `vt_session` cookie (for the fixtures' `call`). */
function asUser(jar: CookieJar, id: number, email: string): TestUser {
  return { id, email, name: "", role: "user", cookie: jar.header() };
}

/** Registers with the embedded provider and exchanges its ID token, as the dashboard does. */
async function signUp(email = newAccount().email, password = `squatter pw ${Math.random()}`) {
  const { jar } = await register(t, newAccount({ email, password }));
  const res = await exchange(t, await idToken(t, jar), jar);
  expect(res.statusCode).toBe(200);
  const user = res.json() as { id: number; email: string; role: string; emailVerified: boolean };
  return { jar, user, password, as: () => asUser(jar, user.id, email) };
}

/** The newest verification link's token mailed to `email`. */
async function mailedVerification(email: string): Promise<string> {
  const prefix = `${TEST_ORIGIN}/verify-email?token=`;
  const mail = (await outbox(t, email)).findLast((m) => m.text.includes(prefix));
  return linkIn(mail!.text, prefix).searchParams.get("token")!;
}

/** The mailbox's owner opens the verification link in their own browser. */
async function openVerificationLink(email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users/verify-email",
    headers: t.headers,
    payload: { token: await mailedVerification(email) },
  });
  expect(res.statusCode).toBe(200);
  const jarLike = { header: () => cookieFrom(res.headers["set-cookie"]) } as CookieJar;
  return { res, jar: jarLike };
}

function cookieFrom(setCookie: string | string[] | undefined): string {
  const line = ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith("vt_session="));
  if (!line) throw new Error("no vt_session cookie");
  return line.split(";")[0]!;
}

/** "Forgot password" by mail: request the reset and complete it. */
async function resetByMail(email: string, newPassword: string) {
  expect((await authPost(t, "/auth/request-password-reset", { email })).statusCode).toBe(200);
  const mails = await outbox(t, email);
  const token = linkIn(mails.at(-1)!.text, `${TEST_ORIGIN}/login?`).searchParams.get("token")!;
  const res = await authPost(t, "/auth/reset-password", { token, newPassword });
  expect(res.statusCode).toBe(200);
}

async function newToken(owner: TestUser, teamId: number, scope: "read" | "upload" = "upload") {
  const res = await call(t, owner, "POST", "/api/tokens", { payload: { name: "cli", teamId, scope } });
  expect(res.statusCode).toBe(201);
  return res.json() as { token: { id: number }; secret: string };
}

function bearer(secret: string, method: "GET" | "POST", url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

async function providerSession(jar: CookieJar) {
  const res = await t.app.inject({
    method: "GET",
    url: "/auth/get-session",
    headers: { cookie: jar.header() },
  });
  return res.json() as { user: { email: string } } | null;
}

async function tokenRevoked(tokenId: number): Promise<boolean> {
  const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, tokenId));
  return row!.revokedAt !== null;
}

describe("a squatter of an ADMIN_EMAILS address", () => {
  it("never becomes admin: the real owner's verification ends the squatter's sessions, ID tokens, API tokens and password", async () => {
    const squatter = await signUp(BOSS);
    expect(squatter.user).toMatchObject({ role: "user", emailVerified: false });
    const teamId = await createTeam(t, squatter.as());
    const comicId = (await createComic(t, squatter.as(), teamId)).id;
    const { token, secret } = await newToken(squatter.as(), teamId);
    // An ID token minted before the proof, kept for later (it lives 5 minutes).
    const earlyIdToken = await idToken(t, squatter.jar);

    const owner = await openVerificationLink(BOSS);
    expect(owner.res.json()).toMatchObject({ id: squatter.user.id, email: BOSS, emailVerified: true });

    // Everything the squatter held is over.
    expect((await me(t, squatter.jar)).statusCode).toBe(401);
    expect(await providerSession(squatter.jar)).toBeNull();
    const tokenAgain = await t.app.inject({
      method: "GET",
      url: "/auth/token",
      headers: { cookie: squatter.jar.header() },
    });
    expect(tokenAgain.statusCode).toBe(401);
    const reExchange = await exchange(t, earlyIdToken);
    expect(reExchange.statusCode).toBe(401);
    expect(reExchange.headers["set-cookie"]).toBeUndefined();
    expect((await signIn(t, { email: BOSS, password: squatter.password })).res.statusCode).toBe(401);
    const chapter = await bearer(secret, "POST", "/api/chapters", { comicId, order: 7 });
    expect(chapter.statusCode).toBe(401);
    expect(await tokenRevoked(token.id)).toBe(true);
    expect(
      await db()
        .select()
        .from(authSession)
        .where(eq(authSession.userId, await authUserId(BOSS))),
    ).toEqual([]);

    // The mailbox's owner (the link's session, made after the proof) is the admin.
    expect((await me(t, owner.jar)).json()).toMatchObject({
      email: BOSS,
      role: "admin",
      emailVerified: true,
    });
    // The owner chooses a password by mail and signs in: still admin through the normal exchange.
    await resetByMail(BOSS, "the real boss password");
    const { jar } = await signIn(t, { email: BOSS, password: "the real boss password" });
    const exchanged = await exchange(t, await idToken(t, jar), jar);
    expect(exchanged.json()).toMatchObject({ id: squatter.user.id, role: "admin", emailVerified: true });
  });
});

async function authUserId(email: string): Promise<string> {
  const [row] = await db().select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email));
  return row!.id;
}

describe("a squatter of an invited address", () => {
  it("sees nothing of the invitation before the proof, and cannot list or accept it after the real owner's proof", async () => {
    const inviter = await createUser(t, { name: "Chủ Nhóm Bí Mật" });
    const teamId = await createTeam(t, inviter, [], "Nhóm Không Được Lộ");
    const email = `v3.${Date.now()}@example.test`;
    // Someone registers the address first; then the owner invites it (the account gets a notification).
    const squatter = await signUp(email);
    const invited = await call(t, inviter, "POST", `/api/teams/${teamId}/invitations`, {
      payload: { email, role: "manager" },
    });
    expect(invited.statusCode).toBe(201);
    const invitationId = invited.json().id as number;

    // Nothing about it in the notification centre (item 2: team, role, inviter).
    const notes = await call(t, squatter.as(), "GET", "/api/notifications");
    expect(notes.statusCode).toBe(200);
    expect(notes.json()).toMatchObject({ items: [], total: 0, unread: 0 });
    expect(notes.body).not.toContain("Nhóm Không Được Lộ");
    expect(notes.body).not.toContain("Chủ Nhóm Bí Mật");
    const unread = await call(t, squatter.as(), "GET", "/api/notifications?unread=true");
    expect(unread.json()).toMatchObject({ items: [], unread: 0 });
    const list = await call(t, squatter.as(), "GET", "/api/invitations");
    expect(list.json()).toEqual({ invitations: [], awaitingVerification: 1 });
    const earlyIdToken = await idToken(t, squatter.jar);

    const owner = await openVerificationLink(email);

    // The squatter's pre-proof session, provider session and ID token: all refused.
    expect((await call(t, squatter.as(), "GET", "/api/invitations")).statusCode).toBe(401);
    expect((await call(t, squatter.as(), "POST", `/api/invitations/${invitationId}/accept`)).statusCode).toBe(
      401,
    );
    expect((await exchange(t, earlyIdToken)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: "GET",
      url: "/auth/token",
      headers: { cookie: squatter.jar.header() },
    });
    expect(again.statusCode).toBe(401);
    const members = await db()
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, squatter.user.id)));
    expect(members).toEqual([]);

    // The owner, in the session the link opened, sees the notification and takes the seat.
    const ownerUser = asUser(owner.jar, squatter.user.id, email);
    const seen = (await call(t, ownerUser, "GET", "/api/notifications")).json();
    expect(seen.items).toEqual([
      expect.objectContaining({
        kind: "invitation",
        data: expect.objectContaining({ teamName: "Nhóm Không Được Lộ", role: "manager" }),
      }),
    ]);
    const accepted = await call(t, ownerUser, "POST", `/api/invitations/${invitationId}/accept`);
    expect(accepted.statusCode).toBe(200);
  });

  it("an unverified account cannot read or mark the invitation notification by its id", async () => {
    const inviter = await createUser(t);
    const teamId = await createTeam(t, inviter);
    const email = `hidden.${Date.now()}@example.test`;
    const squatter = await signUp(email);
    expect(
      (
        await call(t, inviter, "POST", `/api/teams/${teamId}/invitations`, {
          payload: { email, role: "uploader" },
        })
      ).statusCode,
    ).toBe(201);
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, row!.id));
    expect(note).toMatchObject({ kind: "invitation", readAt: null });
    expect((await call(t, squatter.as(), "POST", `/api/notifications/${note!.id}/read`)).statusCode).toBe(
      404,
    );
    expect((await call(t, squatter.as(), "POST", "/api/notifications/read-all")).json()).toEqual({
      updated: 0,
    });
    expect((await call(t, squatter.as(), "GET", "/api/notifications")).json().items).toEqual([]);
    const [after] = await db().select().from(notifications).where(eq(notifications.id, note!.id));
    expect(after!.readAt).toBeNull();
  });
});

describe("credentials made after an earlier proof survive a later one", () => {
  it("opening a second verification link of a verified account ends nothing", async () => {
    const account = newAccount();
    await register(t, account);
    // Sign-in (first exchange) mails the first link; ask for a second one before using either.
    const first = await signIn(t, account);
    const signedIn = await exchange(t, await idToken(t, first.jar), first.jar);
    const userId = signedIn.json().id as number;
    const firstLink = await mailedVerification(account.email);
    // "Send again" waits a minute after the last mail: that minute has passed.
    await db()
      .update(emailVerifications)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 1000) })
      .where(eq(emailVerifications.userId, userId));
    const resend = await call(
      t,
      asUser(first.jar, userId, account.email),
      "POST",
      "/api/users/verification-email",
    );
    expect(resend.statusCode).toBe(200);
    const secondLink = await mailedVerification(account.email);
    expect(secondLink).not.toBe(firstLink);

    const proof = await t.app.inject({
      method: "POST",
      url: "/api/users/verify-email",
      headers: t.headers,
      payload: { token: firstLink },
    });
    expect(proof.statusCode).toBe(200);
    const ownerJar = { header: () => cookieFrom(proof.headers["set-cookie"]) } as CookieJar;
    const owner = asUser(ownerJar, userId, account.email);
    const teamId = await createTeam(t, owner);
    const { token, secret } = await newToken(owner, teamId, "read");
    const comicId = (await createComic(t, owner, teamId)).id;

    const later = await t.app.inject({
      method: "POST",
      url: "/api/users/verify-email",
      headers: t.headers,
      payload: { token: secondLink },
    });
    expect(later.statusCode).toBe(200);
    expect((await me(t, ownerJar)).statusCode).toBe(200);
    expect((await bearer(secret, "GET", `/api/comics/${comicId}`)).statusCode).toBe(200);
    expect(await tokenRevoked(token.id)).toBe(false);
  });
});

describe("API tokens die with the password", () => {
  async function verifiedMemberWithToken() {
    const account = newAccount();
    await register(t, account);
    const first = await signIn(t, account);
    const res = await exchange(t, await idToken(t, first.jar), first.jar);
    const userId = res.json().id as number;
    // Proven address: the credentials made from now on are the owner's.
    await openVerificationLink(account.email);
    await resetByMail(account.email, account.password);
    const { jar } = await signIn(t, account);
    expect((await exchange(t, await idToken(t, jar), jar)).json()).toMatchObject({ emailVerified: true });
    const owner = asUser(jar, userId, account.email);
    const teamId = await createTeam(t, owner);
    const comicId = (await createComic(t, owner, teamId)).id;
    const { token, secret } = await newToken(owner, teamId);
    expect((await bearer(secret, "POST", "/api/chapters", { comicId, order: 1 })).statusCode).toBe(201);
    return { account, jar, owner, teamId, comicId, token, secret };
  }

  it("a password reset revokes every API token of the account", async () => {
    const { account, comicId, token, secret } = await verifiedMemberWithToken();
    await resetByMail(account.email, "after the reset 123");
    expect((await bearer(secret, "POST", "/api/chapters", { comicId, order: 2 })).statusCode).toBe(401);
    expect(await tokenRevoked(token.id)).toBe(true);
  });

  it("a password change revokes every API token of the account and keeps the session making it", async () => {
    const { account, jar, owner, comicId, token, secret } = await verifiedMemberWithToken();
    const res = await authPost(
      t,
      "/auth/change-password",
      { currentPassword: account.password, newPassword: "changed for safety 9" },
      { jar },
    );
    expect(res.statusCode).toBe(200);
    expect((await bearer(secret, "POST", "/api/chapters", { comicId, order: 3 })).statusCode).toBe(401);
    expect(await tokenRevoked(token.id)).toBe(true);
    expect((await call(t, owner, "GET", "/api/users/me")).statusCode).toBe(200);
    const listed = (await call(t, owner, "GET", "/api/tokens")).json().tokens;
    expect(listed).toEqual([expect.objectContaining({ id: token.id, revokedAt: expect.any(Number) })]);
  });
});

describe("old API tokens never come back", () => {
  it("re-enabling a disabled account does not revive its tokens", async () => {
    const admin = await createUser(t, { admin: true });
    const user = await createUser(t);
    const teamId = await createTeam(t, user);
    const comicId = (await createComic(t, user, teamId)).id;
    const { token, secret } = await newToken(user, teamId, "read");
    expect((await bearer(secret, "GET", `/api/comics/${comicId}`)).statusCode).toBe(200);

    const off = await call(t, admin, "PATCH", `/api/admin/users/${user.id}`, { payload: { disabled: true } });
    expect(off.statusCode).toBe(200);
    expect((await bearer(secret, "GET", `/api/comics/${comicId}`)).statusCode).toBe(401);
    const on = await call(t, admin, "PATCH", `/api/admin/users/${user.id}`, { payload: { disabled: false } });
    expect(on.statusCode).toBe(200);
    expect((await bearer(secret, "GET", `/api/comics/${comicId}`)).statusCode).toBe(401);
    expect(await tokenRevoked(token.id)).toBe(true);
  });

  it("a removed member who rejoins does not get the old token back; a token for another team stays", async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const teamId = await createTeam(t, owner, [{ user: member, role: "uploader" }]);
    const otherTeam = await createTeam(t, member);
    const comicId = (await createComic(t, owner, teamId)).id;
    const otherComic = (await createComic(t, member, otherTeam)).id;
    const { token, secret } = await newToken(member, teamId);
    const kept = await newToken(member, otherTeam, "read");
    expect((await bearer(secret, "GET", `/api/comics/${comicId}`)).statusCode).toBe(200);

    expect((await call(t, owner, "DELETE", `/api/teams/${teamId}/members/${member.id}`)).statusCode).toBe(
      204,
    );
    await addMember(t, teamId, member, "uploader");
    expect((await bearer(secret, "GET", `/api/comics/${comicId}`)).statusCode).toBe(401);
    expect(await tokenRevoked(token.id)).toBe(true);
    expect((await bearer(kept.secret, "GET", `/api/comics/${otherComic}`)).statusCode).toBe(200);
  });

  it("a member who leaves and is invited back does not get the old token back", async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const teamId = await createTeam(t, owner, [{ user: member, role: "uploader" }]);
    const comicId = (await createComic(t, owner, teamId)).id;
    const { token, secret } = await newToken(member, teamId, "read");
    expect((await call(t, member, "POST", `/api/teams/${teamId}/leave`)).statusCode).toBe(204);
    const invited = await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
      payload: { email: member.email, role: "uploader" },
    });
    expect(invited.statusCode).toBe(201);
    const accepted = await call(t, member, "POST", `/api/invitations/${invited.json().id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect((await bearer(secret, "GET", `/api/comics/${comicId}`)).statusCode).toBe(401);
    expect(await tokenRevoked(token.id)).toBe(true);
  });
});

describe("password invalidated by the proof", () => {
  it("the password set before the proof no longer signs in; the provider keeps no password for the account", async () => {
    const account = newAccount();
    await signUp(account.email, account.password);
    expect((await signIn(t, account)).res.statusCode).toBe(200);
    await openVerificationLink(account.email);
    expect((await signIn(t, account)).res.statusCode).toBe(401);
    const accounts = await db()
      .select({ providerId: authAccount.providerId, password: authAccount.password })
      .from(authAccount)
      .where(eq(authAccount.userId, await authUserId(account.email)));
    expect(accounts.every((a) => a.password === null)).toBe(true);
  });
});

describe("the mailbox's owner chooses a password right after the link", () => {
  it("is asked to (choosePassword), chooses it once from the link's session, and signs in with it", async () => {
    const owner = await signUp(undefined, "sign-up password 1");
    const email = owner.user.email;
    const { res, jar } = await openVerificationLink(email);
    expect(res.json()).toMatchObject({ email, emailVerified: true, choosePassword: true });
    expect((await signIn(t, { email, password: "sign-up password 1" })).res.statusCode).toBe(401);

    const choose = (cookie: string | undefined, payload: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/users/password",
        headers: { ...t.headers, ...(cookie ? { cookie } : {}), "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
    // Refused without a session, and a short password changes nothing.
    expect((await choose(undefined, { password: "chosen password 2" })).statusCode).toBe(401);
    const short = await choose(jar.header(), { password: "short" });
    expect(short.statusCode).toBe(422);
    expect((await signIn(t, { email, password: "short" })).res.statusCode).toBe(401);

    expect((await choose(jar.header(), { password: "chosen password 2" })).statusCode).toBe(204);
    expect((await signIn(t, { email, password: "chosen password 2" })).res.statusCode).toBe(200);
    // The session stays; a second choice is refused (the account has a password now), translated.
    expect((await me(t, jar)).statusCode).toBe(200);
    const again = await choose(jar.header(), { password: "another password 3" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Forgot password|Quên mật khẩu/);
    expect((await signIn(t, { email, password: "another password 3" })).res.statusCode).toBe(401);
  });

  it("is not offered while the sign-up password stands, nor after a reset by mail", async () => {
    const owner = await signUp(undefined, "sign-up password 4");
    // Before the proof the sign-up password stands: nothing to choose.
    const early = await t.app.inject({
      method: "POST",
      url: "/api/users/password",
      headers: { ...t.headers, cookie: owner.jar.header(), "content-type": "application/json" },
      payload: JSON.stringify({ password: "squatter's choice 5" }),
    });
    expect(early.statusCode).toBe(409);
    expect(
      (await signIn(t, { email: owner.user.email, password: "squatter's choice 5" })).res.statusCode,
    ).toBe(401);
    // A reset by mail is the proof: the password is the new one, and no choice is offered after.
    await resetByMail(owner.user.email, "reset password 6");
    const user = await db().select().from(users).where(eq(users.id, owner.user.id));
    expect(user[0]!.emailVerifiedAt).not.toBeNull();
    expect((await signIn(t, { email: owner.user.email, password: "reset password 6" })).res.statusCode).toBe(
      200,
    );
  });
});
