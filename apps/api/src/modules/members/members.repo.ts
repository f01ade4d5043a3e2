/** SQL of team members (users joined to a team with a role); the service decides who may call what. */
import type { PageWindow } from "@vt/shared/paging";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { type TeamRole, teamMembers } from "../../db/schema/teams";
import { users } from "../../db/schema/users";
import { containsUnaccent } from "../../db/sql";

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
