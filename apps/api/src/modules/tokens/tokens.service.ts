/** Personal API tokens: create (secret shown once), list, revoke. Authentication itself: auth/api-token.ts. */
import {
  API_TOKEN_MAX_PER_USER,
  type TApiToken,
  type TCreateApiTokenRequest,
  type TCreatedApiToken,
} from "@vt/shared/contracts/tokens";
import { hashApiToken, newApiTokenSecret } from "../../auth/api-token";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { AppError, fieldError } from "../../lib/app-error";
import * as repo from "./tokens.repo";

/** Characters of the secret kept for display ("vts_AbCd…"): the prefix plus 4, far too few to guess from. */
const SHOWN_CHARS = 8;

function toToken(row: repo.TokenRow): TApiToken {
  return {
    id: row.id,
    name: row.name,
    team: row.team,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
    revokedAt: row.revokedAt?.getTime() ?? null,
  };
}

export async function listTokens(db: Db, user: SessionUser): Promise<TApiToken[]> {
  return (await repo.listTokens(db, user.id)).map(toToken);
}

export async function createToken(
  db: Db,
  user: SessionUser,
  input: TCreateApiTokenRequest,
): Promise<TCreatedApiToken> {
  if (!(await repo.isMember(db, user.id, input.teamId))) throw fieldError(["teamId"], "tokens.teamNotMember");
  if ((await repo.activeTokenCount(db, user.id)) >= API_TOKEN_MAX_PER_USER) {
    throw new AppError("CONFLICT", "tokens.tooMany", { params: { max: API_TOKEN_MAX_PER_USER } });
  }
  const secret = newApiTokenSecret();
  const row = await repo.insertToken(db, {
    userId: user.id,
    teamId: input.teamId,
    name: input.name,
    scope: input.scope,
    tokenHash: hashApiToken(secret),
    prefix: secret.slice(0, SHOWN_CHARS),
  });
  return { token: toToken(row), secret };
}

export async function revokeToken(db: Db, user: SessionUser, tokenId: number): Promise<void> {
  if (!(await repo.revokeToken(db, user.id, tokenId))) throw new AppError("NOT_FOUND");
}
