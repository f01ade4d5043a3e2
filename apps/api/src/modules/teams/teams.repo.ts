/**
 * SQL of teams: the team rows, the owner's membership row made with a team (and every membership
 * insert, which invitations use too) and revoking a deleted team's invitations. Every team-scoped
 * read skips soft-deleted teams; the service decides who may call what.
 */
import type { PageWindow } from "@vt/shared/paging";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { type TeamRole, teamInvitations, teamMembers, teams } from "../../db/schema/teams";
import { containsUnaccent } from "../../db/sql";

export type TeamRow = typeof teams.$inferSelect;
export type TeamInfo = Pick<
  TeamRow,
  "name" | "establishedAt" | "website" | "twitter" | "instagram" | "discord" | "facebook"
>;

const memberCount = sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`;

// ── Teams ─────────────────────────────────────────────────────────────────────

export interface TeamAccessRow {
  team: TeamRow;
  role: TeamRole | null;
  memberCount: number;
}

/** A live team with the given user's role in it (null when not a member). */
export async function findTeamWithRole(
  db: Executor,
  teamId: number,
  userId: number,
): Promise<TeamAccessRow | undefined> {
  const [row] = await db
    .select({ team: teams, role: teamMembers.role, memberCount })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(and(eq(teams.id, teamId), isNull(teams.deletedAt)))
    .limit(1);
  return row;
}

/** Row lock on the team: serializes membership changes (transfer, role changes, removals). */
export async function lockTeam(tx: Executor, teamId: number): Promise<TeamRow | undefined> {
  const [row] = await tx
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), isNull(teams.deletedAt)))
    .for("update");
  return row;
}

export interface TeamListRow {
  team: TeamRow;
  role: TeamRole | null;
  memberCount: number;
}

/** The user's live teams (or every live team when `all`), by name. */
export async function listTeams(
  db: Executor,
  userId: number,
  options: PageWindow & { search?: string | undefined; all: boolean },
): Promise<{ rows: TeamListRow[]; total: number }> {
  const membership = and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId));
  const filters = [isNull(teams.deletedAt)];
  if (options.search) filters.push(containsUnaccent(teams.name, options.search));
  const where = and(...filters);
  const base = db.select({ team: teams, role: teamMembers.role, memberCount }).from(teams);
  const joined = options.all
    ? base.leftJoin(teamMembers, membership)
    : base.innerJoin(teamMembers, membership);
  const counted = db.select({ n: count() }).from(teams);
  const countJoined = options.all
    ? counted.leftJoin(teamMembers, membership)
    : counted.innerJoin(teamMembers, membership);
  const [rows, [totals]] = await Promise.all([
    joined
      .where(where)
      .orderBy(sql`lower(${teams.name})`, asc(teams.id))
      .limit(options.limit)
      .offset(options.offset),
    countJoined.where(where),
  ]);
  return { rows: rows as TeamListRow[], total: totals?.n ?? 0 };
}

export async function insertTeam(tx: Executor, info: TeamInfo, createdBy: number): Promise<TeamRow> {
  const [row] = await tx
    .insert(teams)
    .values({ ...info, createdBy })
    .returning();
  return row!;
}

export async function updateTeam(
  tx: Executor,
  teamId: number,
  patch: Partial<TeamInfo & Pick<TeamRow, "cover" | "logo" | "deletedAt" | "deletedBy">>,
): Promise<TeamRow> {
  const [row] = await tx
    .update(teams)
    .set({ ...patch, updatedAt: new Date(), version: sql`${teams.version} + 1` })
    .where(eq(teams.id, teamId))
    .returning();
  return row!;
}

// ── Memberships and invitations of a whole team ─────────────────────────────

/** Inserts the membership; false when the user already is a member. */
export async function insertMember(
  tx: Executor,
  teamId: number,
  userId: number,
  role: TeamRole,
): Promise<boolean> {
  const rows = await tx
    .insert(teamMembers)
    .values({ teamId, userId, role })
    .onConflictDoNothing({ target: [teamMembers.teamId, teamMembers.userId] })
    .returning({ userId: teamMembers.userId });
  return rows.length === 1;
}

/** Revokes every pending invitation of a team (when it is deleted). */
export async function revokePendingInvitations(tx: Executor, teamId: number): Promise<void> {
  await tx
    .update(teamInvitations)
    .set({ status: "revoked", respondedAt: new Date() })
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, "pending")));
}
