/**
 * SQL of teams, members, invitations, donate and credit. Every team-scoped read filters by
 * `team_id` and skips soft-deleted teams; the service decides who may call what.
 */
import { and, asc, count, desc, eq, gt, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import {
  type InvitationStatus,
  type TeamRole,
  teamCredit,
  teamDonate,
  teamInvitations,
  teamMembers,
  teams,
} from "../../db/schema/teams";
import { users } from "../../db/schema/users";

export type TeamRow = typeof teams.$inferSelect;
export type TeamInfo = Pick<
  TeamRow,
  "name" | "establishedAt" | "website" | "twitter" | "instagram" | "discord" | "facebook"
>;

export interface PageWindow {
  limit: number;
  offset: number;
}

const memberCount = sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`;

/** `unaccent(column) ILIKE unaccent('%term%')`, with LIKE wildcards in the term escaped. */
export function containsUnaccent(
  column: SQL | typeof teams.name | typeof users.name | typeof users.email,
  term: string,
) {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`unaccent(${column}) ilike unaccent(${`%${escaped}%`})`;
}

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

// ── Members ───────────────────────────────────────────────────────────────────

export interface MemberRow {
  userId: number;
  name: string;
  email: string;
  avatar: string | null;
  role: TeamRole;
  joinedAt: Date;
}

const memberColumns = {
  userId: teamMembers.userId,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  role: teamMembers.role,
  joinedAt: teamMembers.createdAt,
};

const roleOrder = sql`case ${teamMembers.role} when 'owner' then 0 when 'manager' then 1 else 2 end`;

export async function listMembers(
  db: Executor,
  teamId: number,
  options: PageWindow & { search?: string | undefined },
): Promise<{ rows: MemberRow[]; total: number }> {
  const filters = [eq(teamMembers.teamId, teamId)];
  if (options.search) {
    filters.push(
      sql`(${containsUnaccent(users.name, options.search)} or ${containsUnaccent(users.email, options.search)})`,
    );
  }
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select(memberColumns)
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(where)
      .orderBy(roleOrder, sql`lower(${users.name})`, asc(teamMembers.userId))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ n: count() })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function findMember(
  db: Executor,
  teamId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row;
}

export async function findOwner(db: Executor, teamId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "owner")))
    .limit(1);
  return row;
}

export async function findMemberByEmail(
  db: Executor,
  teamId: number,
  email: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(users.email, email)))
    .limit(1);
  return row;
}

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

export async function setMemberRole(
  tx: Executor,
  teamId: number,
  userId: number,
  role: TeamRole,
): Promise<void> {
  await tx
    .update(teamMembers)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function deleteMember(tx: Executor, teamId: number, userId: number): Promise<void> {
  await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

// ── Invitations ───────────────────────────────────────────────────────────────

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
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        eq(teamInvitations.email, email),
        eq(teamInvitations.status, "pending"),
        gt(teamInvitations.expiresAt, now),
      ),
    )
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
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        eq(teamInvitations.status, "pending"),
        gt(teamInvitations.expiresAt, now),
      ),
    )
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
    .where(
      and(
        eq(teamInvitations.email, email),
        eq(teamInvitations.status, "pending"),
        gt(teamInvitations.expiresAt, now),
        isNull(teams.deletedAt),
      ),
    )
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
    .select({
      id: teamInvitations.id,
      teamId: teamInvitations.teamId,
      email: teamInvitations.email,
      role: teamInvitations.role,
      status: teamInvitations.status,
      invitedById: teamInvitations.invitedBy,
      invitedByName: sql<string | null>`null`,
      createdAt: teamInvitations.createdAt,
      expiresAt: teamInvitations.expiresAt,
      teamName: teams.name,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(
      and(
        eq(teamInvitations.id, id),
        eq(teamInvitations.email, email),
        eq(teamInvitations.status, "pending"),
        gt(teamInvitations.expiresAt, now),
        isNull(teams.deletedAt),
      ),
    )
    .for("update", { of: teamInvitations });
  return row;
}

export async function setInvitationStatus(tx: Executor, id: number, status: InvitationStatus): Promise<void> {
  await tx.update(teamInvitations).set({ status, respondedAt: new Date() }).where(eq(teamInvitations.id, id));
}

/** Revokes every pending invitation of a team (when it is deleted). */
export async function revokePendingInvitations(tx: Executor, teamId: number): Promise<void> {
  await tx
    .update(teamInvitations)
    .set({ status: "revoked", respondedAt: new Date() })
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, "pending")));
}

// ── Donate and credit ─────────────────────────────────────────────────────────

export type DonateRow = Omit<typeof teamDonate.$inferSelect, "teamId" | "updatedAt" | "version">;
export type CreditRow = Omit<typeof teamCredit.$inferSelect, "teamId" | "updatedAt" | "version">;
/** A stored row with its version (1 for settings never saved). */
export type Versioned<T> = T & { version: number };

export const DEFAULT_DONATE: Versioned<DonateRow> = {
  enabled: false,
  qrImage: null,
  content: "",
  showInEachChapter: false,
  version: 1,
};
export const DEFAULT_CREDIT: Versioned<CreditRow> = { enabled: false, text: "", pages: [], version: 1 };

/** The team's donate settings (defaults when never saved); `lock` takes a row lock in a transaction. */
export async function getDonate(db: Executor, teamId: number): Promise<Versioned<DonateRow>> {
  const [row] = await db
    .select({
      enabled: teamDonate.enabled,
      qrImage: teamDonate.qrImage,
      content: teamDonate.content,
      showInEachChapter: teamDonate.showInEachChapter,
      version: teamDonate.version,
    })
    .from(teamDonate)
    .where(eq(teamDonate.teamId, teamId))
    .limit(1);
  return row ?? DEFAULT_DONATE;
}

/** Saves the settings and answers their new version. */
export async function saveDonate(tx: Executor, teamId: number, values: DonateRow): Promise<number> {
  const [row] = await tx
    .insert(teamDonate)
    .values({ teamId, ...values, version: 2 })
    .onConflictDoUpdate({
      target: teamDonate.teamId,
      set: { ...values, updatedAt: new Date(), version: sql`${teamDonate.version} + 1` },
    })
    .returning({ version: teamDonate.version });
  return row!.version;
}

export async function getCredit(db: Executor, teamId: number): Promise<Versioned<CreditRow>> {
  const [row] = await db
    .select({
      enabled: teamCredit.enabled,
      text: teamCredit.text,
      pages: teamCredit.pages,
      version: teamCredit.version,
    })
    .from(teamCredit)
    .where(eq(teamCredit.teamId, teamId))
    .limit(1);
  return row ?? DEFAULT_CREDIT;
}

/** Saves the settings and answers their new version. */
export async function saveCredit(tx: Executor, teamId: number, values: CreditRow): Promise<number> {
  const [row] = await tx
    .insert(teamCredit)
    .values({ teamId, ...values, version: 2 })
    .onConflictDoUpdate({
      target: teamCredit.teamId,
      set: { ...values, updatedAt: new Date(), version: sql`${teamCredit.version} + 1` },
    })
    .returning({ version: teamCredit.version });
  return row!.version;
}
