/**
 * Personal API tokens as request credentials (docs/permissions.md, "API tokens"). A request
 * carrying `Authorization: Bearer <secret>` and no cookie is authenticated by the token instead of
 * a session:
 *
 * - only routes that declare `config: { apiToken: "read" | "upload" }` accept one; every other route
 *   (admin, teams, tokens themselves...) answers 401 `tokens.notAccepted`;
 * - an `upload` route needs an `upload` token (403 `tokens.readOnly`);
 * - the user it yields has role `user` (never admin) and `token.teamId`, to which comic access is
 *   narrowed (comics.service `checkComicAccess`);
 * - a header together with a cookie is refused (401 `tokens.withCookie`): the two never mix;
 * - CSRF does not apply (require-app-origin.ts): a cross-site page cannot add this header;
 * - each use sets `last_used_at` and counts in a per-token one-minute window kept on the row,
 *   so the limit holds across instances: past API_TOKEN_RATE_PER_MINUTE calls, 429;
 * - a revoked token never works again. Besides its owner, revokeApiTokens revokes them when the
 *   password is reset or changed, the mailbox is first proven (mailbox-proof.ts), an admin disables
 *   the account, or the user leaves or is removed from the token's team: re-enabling or rejoining
 *   brings none back.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  API_TOKEN_PREFIX,
  API_TOKEN_RATE_PER_MINUTE,
  type TApiTokenScope,
} from "@vt/shared/contracts/tokens";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../db/executor";
import { apiTokens } from "../db/schema/tokens";
import { AppError } from "../lib/app-error";

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route accepts API tokens of at least this scope (see auth/api-token.ts). */
    apiToken?: TApiTokenScope;
  }
}

export type TokenGrant = { id: number; teamId: number; scope: TApiTokenScope };

export function hashApiToken(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** A new secret: the recognisable prefix + 32 random bytes (base64url). */
export function newApiTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** The bearer secret of the request, or undefined when it carries none. */
export function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : undefined;
}

/** Whether the request authenticates with a token only (no cookie at all): CSRF does not apply to it. */
export function isBearerOnly(request: FastifyRequest): boolean {
  return bearerSecret(request) !== undefined && !request.headers.cookie;
}

type TokenUserRow = {
  token_id: number;
  team_id: number;
  scope: TApiTokenScope;
  window_count: number;
  id: number;
  email: string;
  name: string;
  avatar: string | null;
  email_verified: boolean;
};

/**
 * The user a bearer token stands for, with its grant; throws 401/403/429 as described above.
 * One UPDATE both validates the token and counts the call.
 */
export async function loadTokenUser(request: FastifyRequest, secret: string) {
  if (request.headers.cookie) throw new AppError("UNAUTHORIZED", "tokens.withCookie");
  const needed = request.routeOptions.config?.apiToken;
  if (!needed) throw new AppError("UNAUTHORIZED", "tokens.notAccepted");
  if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > 200)
    throw new AppError("UNAUTHORIZED", "tokens.invalid");
  const result = await request.server.db.execute<TokenUserRow>(sql`
    update api_tokens t set
      last_used_at = now(),
      window_count = case when t.window_start > now() - interval '1 minute' then t.window_count + 1 else 1 end,
      window_start = case when t.window_start > now() - interval '1 minute' then t.window_start else now() end
    from users u
    where t.token_hash = ${hashApiToken(secret)} and t.revoked_at is null and u.id = t.user_id
      and u.disabled_at is null
    returning t.id as token_id, t.team_id, t.scope, t.window_count, u.id, u.email, u.name, u.avatar,
      u.email_verified_at is not null as email_verified`);
  const row = result.rows[0];
  if (!row) throw new AppError("UNAUTHORIZED", "tokens.invalid");
  if (row.window_count > API_TOKEN_RATE_PER_MINUTE) throw new AppError("RATE_LIMITED", "tokens.rateLimited");
  if (needed === "upload" && row.scope !== "upload") throw new AppError("FORBIDDEN", "tokens.readOnly");
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    avatar: row.avatar,
    role: "user" as const,
    emailVerified: row.email_verified,
    token: { id: row.token_id, teamId: row.team_id, scope: row.scope } satisfies TokenGrant,
  };
}

/** Revokes the user's live API tokens (only those for `teamId` when given); answers how many. */
export async function revokeApiTokens(db: Executor, userId: number, teamId?: number): Promise<number> {
  const mine = and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt));
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(teamId === undefined ? mine : and(mine, eq(apiTokens.teamId, teamId)))
    .returning({ id: apiTokens.id });
  return rows.length;
}
