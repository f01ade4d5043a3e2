/** SQL of personal API tokens. */
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { teamMembers, teams } from "../../db/schema/teams";
import { type ApiTokenScope, apiTokens } from "../../db/schema/tokens";

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  team: { id: teams.id, name: teams.name },
};
export type TokenRow = {
  id: number;
  name: string;
  scope: ApiTokenScope;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  team: { id: number; name: string };
};

export function listTokens(db: Db, userId: number): Promise<TokenRow[]> {
  return db
    .select(columns)
    .from(apiTokens)
    .innerJoin(teams, eq(teams.id, apiTokens.teamId))
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.id));
}

export async function activeTokenCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  return row?.n ?? 0;
}

/** Whether the user is a member of the live team. */
export async function isMember(db: Db, userId: number, teamId: number): Promise<boolean> {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), isNull(teams.deletedAt)))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.teamId, teamId)))
    .limit(1);
  return row !== undefined;
}

export async function insertToken(
  db: Db,
  values: {
    userId: number;
    teamId: number;
    name: string;
    scope: ApiTokenScope;
    tokenHash: string;
    prefix: string;
  },
): Promise<TokenRow> {
  const [inserted] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  const [row] = await db
    .select(columns)
    .from(apiTokens)
    .innerJoin(teams, eq(teams.id, apiTokens.teamId))
    .where(eq(apiTokens.id, inserted!.id));
  return row!;
}

/** Marks the user's token revoked; false when it is not theirs (or does not exist). */
export async function revokeToken(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (rows.length > 0) return true;
  // Revoking twice is fine for the owner; anyone else gets 404.
  const [mine] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)));
  return mine !== undefined;
}
