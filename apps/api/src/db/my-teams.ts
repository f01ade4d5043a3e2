import { and, asc, eq, isNull } from "drizzle-orm";
import type { Executor } from "./executor";
import { type TeamRole, teamMembers, teams } from "./schema/teams";

export interface MyTeam {
  id: number;
  name: string;
  role: TeamRole;
}

/** The live teams the user belongs to, with their role: the scope of every team-bound list. */
export async function myTeams(db: Executor, userId: number): Promise<MyTeam[]> {
  return db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), isNull(teams.deletedAt)))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.id));
}
