/**
 * Helpers for tests that sign in through the embedded identity provider and exchange its
 * ID token for an uploader session, the way the dashboard does.
 */
import { eq } from "drizzle-orm";
import { authVerification } from "../src/db/schema/auth";
import { mailOutbox } from "../src/db/schema/mail";
import { TEST_ORIGIN, type TestApp } from "./app";
import { CookieJar } from "./cookie-jar";

let ipCounter = 0;
/** A distinct client address, so tests don't share rate-limit buckets by accident. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

let accountCounter = 0;
export function newAccount(overrides: Partial<Account> = {}): Account {
  accountCounter += 1;
  return {
    name: `Người Dùng ${accountCounter}`,
    email: `user${accountCounter}.${process.pid}@example.com`,
    password: `correct horse ${accountCounter}`,
    ...overrides,
  };
}

export async function authPost(
  t: TestApp,
  url: string,
  payload: unknown,
  options: { jar?: CookieJar; ip?: string; headers?: Record<string, string> } = {},
) {
  const res = await t.app.inject({
    method: "POST",
    url,
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      origin: TEST_ORIGIN,
      "content-type": "application/json",
      ...(options.jar ? { cookie: options.jar.header() } : {}),
      ...options.headers,
    },
    payload: JSON.stringify(payload),
  });
  options.jar?.store(res.headers["set-cookie"]);
  return res;
}

/** Registers (auto sign-in) and returns the jar holding the provider's session cookie. */
export async function register(
  t: TestApp,
  account: Account = newAccount(),
): Promise<{ jar: CookieJar; account: Account }> {
  const jar = new CookieJar();
  const res = await authPost(t, "/auth/sign-up/email", account, { jar });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { jar, account };
}

export async function signIn(t: TestApp, account: Pick<Account, "email" | "password">, ip?: string) {
  const jar = new CookieJar();
  const res = await authPost(
    t,
    "/auth/sign-in/email",
    { email: account.email, password: account.password },
    { jar, ip },
  );
  return { res, jar };
}

export async function idToken(t: TestApp, jar: CookieJar): Promise<string> {
  const res = await t.app.inject({ method: "GET", url: "/auth/token", headers: { cookie: jar.header() } });
  if (res.statusCode !== 200) throw new Error(`/auth/token failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

export async function exchange(
  t: TestApp,
  token: string,
  jar?: CookieJar,
  extra: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users/auth",
    headers: { ...t.headers, ...(jar ? { cookie: jar.header() } : {}) },
    payload: { token, email: null, name: null, avatar: null, ...extra },
  });
  jar?.store(res.headers["set-cookie"]);
  return res;
}

/** Register, get an ID token, open an uploader session: the dashboard's sign-in path. */
export async function signedInUser(t: TestApp, account: Account = newAccount()) {
  const { jar } = await register(t, account);
  const res = await exchange(t, await idToken(t, jar), jar);
  if (res.statusCode !== 200) throw new Error(`/api/users/auth failed: ${res.statusCode} ${res.body}`);
  return { jar, account, user: res.json() as { id: number; email: string; name: string; role: string } };
}

export async function me(t: TestApp, jar: CookieJar) {
  return t.app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: jar.header() } });
}

/** Mail kept in the outbox for an address, newest last. */
export async function outbox(t: TestApp, to: string) {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(mailOutbox.id);
  return rows;
}

export function linkIn(text: string, startsWith: string): URL {
  const link = text.match(/https?:\/\/[^\s<>"']+/g)?.find((l) => l.startsWith(startsWith));
  if (!link) throw new Error(`no link starting with ${startsWith} in:\n${text}`);
  return new URL(link);
}

export async function verificationRows(t: TestApp, identifier: string) {
  return t.database.db.select().from(authVerification).where(eq(authVerification.identifier, identifier));
}
