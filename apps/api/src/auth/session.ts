/**
 * Uploader-service sessions: a random 32-byte value in the `vt_session` cookie (HttpOnly,
 * SameSite=Lax, Path=/, Secure when PUBLIC_URL is https); the database keeps only its SHA-256.
 * Sessions last 30 days and slide: a session in use is extended (at most once a day).
 *
 * Every module authenticates with:
 *   const user = await requireUser(request);   // 401 when signed out
 *   const admin = await requireAdmin(request); // 401 signed out, 403 when not a platform admin
 *   const maybe = await getSessionUser(request); // null when signed out
 *   const { user, teams } = await requireUserWithTeams(request); // + the user's live teams (read with the session)
 * after which `request.user` holds the same user.
 */
import "@fastify/cookie";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { authSession } from "../db/schema/auth";
import type { TeamRole } from "../db/schema/teams";
import { sessions, type UserRole, userColumns, users } from "../db/schema/users";
import { AppError } from "../lib/app-error";
import { bearerSecret, loadTokenUser, type TokenGrant } from "./api-token";

export const SESSION_COOKIE = "vt_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session is extended when less than TTL - this remains, i.e. at most once per day of use. */
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  avatar: string | null;
  role: UserRole;
  /** The e-mail is verified (users.email_verified_at); invitations wait for it. */
  emailVerified: boolean;
  /** Set when the request authenticated with an API token (auth/api-token.ts): the team and scope it is limited to. */
  token?: TokenGrant;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser / requireAdmin / getSessionUser. */
    user: SessionUser | null;
  }
}

/** One of the signed-in user's live teams, with the user's role in it. */
export interface SessionTeam {
  id: number;
  name: string;
  role: TeamRole;
}

interface SessionState {
  loaded: Promise<SessionUser | null>;
  /** The user's live teams, read with the session (a token's user: on first use). */
  teams?: SessionTeam[];
  /** New expiry to send in a refreshed cookie, when the session slid forward. */
  refreshedUntil?: Date;
}
const state = new WeakMap<FastifyRequest, SessionState>();

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function cookieOptions(request: FastifyRequest, expires: Date) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure: request.server.config.publicUrl.startsWith("https://"),
    expires,
    maxAge: Math.max(0, Math.round((expires.getTime() - Date.now()) / 1000)),
  };
}

/**
 * Opens a session for the user and sets the cookie on the reply. `providerSessionId`: the embedded
 * provider session the sign-in's ID token came from; it must still be open when the session is
 * written. The user's row is share-locked meanwhile, so a mailbox proof (auth/mailbox-proof.ts) or
 * a disabling, which lock it for update, either comes after (and ends this session) or before
 * (and this sign-in is refused).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  options: { providerSessionId?: string | undefined } = {},
): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await request.server.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("share");
    // An account disabled by an admin gets no session (403, translated).
    if (account?.disabledAt) throw new AppError("FORBIDDEN", "review.accountDisabled");
    if (options.providerSessionId !== undefined) {
      const [open] = await tx
        .select({ id: authSession.id })
        .from(authSession)
        .where(and(eq(authSession.id, options.providerSessionId), gt(authSession.expiresAt, new Date())));
      if (!open) throw new AppError("UNAUTHORIZED");
    }
    await tx.insert(sessions).values({
      id: hashSessionToken(token),
      userId,
      expiresAt,
      userAgent: request.headers["user-agent"]?.slice(0, 512) ?? null,
      ip: request.ip,
    });
  });
  // A session cookie already present belongs to an earlier sign-in in this browser: end it,
  // along with the user's sessions that expired (keeps the table small without a job).
  const previous = request.cookies?.[SESSION_COOKIE];
  if (previous) await request.server.db.delete(sessions).where(eq(sessions.id, hashSessionToken(previous)));
  await request.server.db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, expiresAt));
  state.delete(request);
}

/** Deletes the request's session (if any) and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies?.[SESSION_COOKIE];
  if (token) await request.server.db.delete(sessions).where(eq(sessions.id, hashSessionToken(token)));
  reply.clearCookie(SESSION_COOKIE, {
    ...cookieOptions(request, new Date(0)),
    maxAge: undefined,
    expires: undefined,
  });
  request.user = null;
}

export function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  let current = state.get(request);
  if (!current) {
    const entry: SessionState = { loaded: Promise.resolve(null) };
    entry.loaded = loadSessionUser(request, entry);
    state.set(request, entry);
    current = entry;
  }
  return current.loaded;
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw new AppError("UNAUTHORIZED");
  return user;
}

/**
 * The signed-in user and their live teams (ordered by id). A session cookie's teams are read in the
 * session's own query, once per request (one round trip instead of two on every route that needs
 * them: docs/architecture.md, "Round trips and budgets"); an API token's on first use.
 */
export async function requireUserWithTeams(
  request: FastifyRequest,
): Promise<{ user: SessionUser; teams: SessionTeam[] }> {
  const user = await getSessionUser(request);
  if (!user) throw new AppError("UNAUTHORIZED");
  const entry = state.get(request)!;
  entry.teams ??= (
    await request.server.db.execute<{ teams: SessionTeam[] }>(sql`select ${teamsOf(user.id)} as teams`)
  ).rows[0]!.teams;
  // An API token acts for its one team only.
  const teams = user.token ? entry.teams.filter((t) => t.id === user.token!.teamId) : entry.teams;
  return { user, teams };
}

/** The user's live teams with their role, as one json array (ordered by team id). */
function teamsOf(userId: SQL | number): SQL {
  return sql`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'role', tm.role) order by t.id)
    from team_members tm join teams t on t.id = tm.team_id and t.deleted_at is null
    where tm.user_id = ${userId}), '[]'::json)`;
}

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") throw new AppError("FORBIDDEN");
  return user;
}

/**
 * The session's one query (user + live teams), built once per database: every request runs it, and
 * building it per call cost about as much as a third of its round trip. Prepared under a
 * name, so on PostgreSQL each connection plans it once (and on PGlite, db/planned.ts prepares it).
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
function prepareSessionQuery(db: Db) {
  return db
    .select({
      expiresAt: sessions.expiresAt,
      user: userColumns,
      teams: teamsOf(sql`${users.id}`).mapWith((v) => v as SessionTeam[] | string),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("id")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        isNull(users.disabledAt),
      ),
    )
    .limit(1)
    .prepare("vt_session_user");
}
function sessionQuery(db: Db) {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  return query;
}

async function loadSessionUser(request: FastifyRequest, entry: SessionState): Promise<SessionUser | null> {
  const secret = bearerSecret(request);
  if (secret !== undefined) {
    const tokenUser = await loadTokenUser(request, secret);
    request.user = tokenUser;
    return tokenUser;
  }
  const token = request.cookies?.[SESSION_COOKIE];
  if (!token || token.length > 128) return null;
  const db = request.server.db;
  const id = hashSessionToken(token);
  const now = new Date();
  const [row] = await sessionQuery(db).execute({ id, now });
  if (!row) return null;
  entry.teams = typeof row.teams === "string" ? (JSON.parse(row.teams) as SessionTeam[]) : row.teams;
  if (row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - SLIDE_AFTER_MS) {
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    entry.refreshedUntil = expiresAt;
  }
  request.user = row.user;
  return row.user;
}

/** Ends every session of a user, optionally keeping the one whose cookie value is given. */
export async function deleteUserSessions(db: Db, userId: number, keepToken?: string): Promise<number> {
  const where = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.id, hashSessionToken(keepToken)))
    : eq(sessions.userId, userId);
  const deleted = await db.delete(sessions).where(where).returning({ id: sessions.id });
  return deleted.length;
}

/** The cookie value from a raw Cookie header (used where only the header is at hand). */
export function sessionTokenFromCookieHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/**
 * Installs what sessions need on the root instance: the `request.user` slot and re-sending the
 * cookie with its new expiry when a session slid forward.
 */
export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest("user", null);
  app.addHook("onSend", async (request, reply) => {
    const entry = state.get(request);
    const token = request.cookies?.[SESSION_COOKIE];
    if (entry?.refreshedUntil && token && !reply.hasHeader("set-cookie")) {
      reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, entry.refreshedUntil));
    }
  });
}

/** The uploader accounts signed in through one identity (issuer + subject). */
export async function findUserIdsByIdentity(db: Db, issuer: string, subject: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.identityIssuer, issuer), eq(users.identitySubject, subject)));
  return rows.map((r) => r.id);
}
