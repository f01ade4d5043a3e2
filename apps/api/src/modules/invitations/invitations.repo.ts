/** SQL of team invitations (an e-mail invited with a role, until accepted, declined, revoked or expired). */
import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { type InvitationStatus, type TeamRole, teamInvitations, teams } from "../../db/schema/teams";
import { users } from "../../db/schema/users";

/** The conditions of an invitation still open at `now`: pending and not expired. */
const openAt = (now: Date) => [eq(teamInvitations.status, "pending"), gt(teamInvitations.expiresAt, now)];

export interface InvitationRow {
  id: number;
  teamId: number;
  email: string;
  role: TeamRole;
  status: InvitationStatus;
  invitedById: number | null;
  invitedByName: string | null;
  createdAt: Date;
  expiresAt: Date;
}

const invitationColumns = {
  id: teamInvitations.id,
  teamId: teamInvitations.teamId,
  email: teamInvitations.email,
  role: teamInvitations.role,
  status: teamInvitations.status,
  invitedById: teamInvitations.invitedBy,
  invitedByName: users.name,
  createdAt: teamInvitations.createdAt,
  expiresAt: teamInvitations.expiresAt,
};

/** Pending invitations past their expiry become `expired` (frees the one-pending-per-e-mail slot). */
export async function expireInvitations(
  tx: Executor,
  where: { teamId?: number; email?: string },
  now = new Date(),
) {
  const filters = [eq(teamInvitations.status, "pending"), lte(teamInvitations.expiresAt, now)];
  if (where.teamId !== undefined) filters.push(eq(teamInvitations.teamId, where.teamId));
  if (where.email !== undefined) filters.push(eq(teamInvitations.email, where.email));
  await tx
    .update(teamInvitations)
    .set({ status: "expired" })
    .where(and(...filters));
}

export async function findPendingInvitationByEmail(
  db: Executor,
  teamId: number,
  email: string,
  now = new Date(),
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email), ...openAt(now)))
    .limit(1);
  return row;
}

export async function insertInvitation(
  tx: Executor,
  values: { teamId: number; email: string; role: TeamRole; invitedBy: number; expiresAt: Date },
): Promise<number> {
  const [row] = await tx.insert(teamInvitations).values(values).returning({ id: teamInvitations.id });
  return row!.id;
}

/** One invitation of the team (any status). */
export async function findTeamInvitation(
  db: Executor,
  teamId: number,
  id: number,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select(invitationColumns)
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, teamId)))
    .limit(1);
  return row;
}

/** The team's pending, unexpired invitations, newest first. */
export async function listTeamInvitations(
  db: Executor,
  teamId: number,
  now = new Date(),
): Promise<InvitationRow[]> {
  return db
    .select(invitationColumns)
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.teamId, teamId), ...openAt(now)))
    .orderBy(desc(teamInvitations.id));
}

export interface MyInvitationRow extends InvitationRow {
  teamName: string;
  teamLogo: string | null;
}

/** Pending, unexpired invitations addressed to an e-mail, on live teams, newest first. */
export async function listInvitationsForEmail(
  db: Executor,
  email: string,
  now = new Date(),
): Promise<MyInvitationRow[]> {
  return db
    .select({ ...invitationColumns, teamName: teams.name, teamLogo: teams.logo })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.email, email), ...openAt(now), isNull(teams.deletedAt)))
    .orderBy(desc(teamInvitations.id));
}

/**
 * Locks a pending, unexpired invitation addressed to `email` on a live team, for accept/decline.
 * Another user's invitation is indistinguishable from a missing one.
 */
export async function lockInvitationForEmail(
  tx: Executor,
  id: number,
  email: string,
  now = new Date(),
): Promise<(InvitationRow & { teamName: string }) | undefined> {
  const [row] = await tx
    .select({ ...invitationColumns, invitedByName: sql<string | null>`null`, teamName: teams.name })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(
      and(
        eq(teamInvitations.id, id),
        eq(teamInvitations.email, email),
        ...openAt(now),
        isNull(teams.deletedAt),
      ),
    )
    .for("update", { of: teamInvitations });
  return row;
}

export async function setInvitationStatus(tx: Executor, id: number, status: InvitationStatus): Promise<void> {
  await tx.update(teamInvitations).set({ status, respondedAt: new Date() }).where(eq(teamInvitations.id, id));
}
