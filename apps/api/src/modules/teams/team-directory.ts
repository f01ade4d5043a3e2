/**
 * The team directory: every live team of the platform by name (`GET /api/teams/directory`), so a
 * comic's managers and a chapter's uploaders can pick collaborators outside their own teams. It
 * answers ids and names only (no members, roles or settings), to any signed-in user.
 */

import type { TPageQuery } from "@vt/shared/contracts/paging";
import type { TTeamDirectoryResponse } from "@vt/shared/contracts/teams";
import { and, asc, count, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { teams } from "../../db/schema/teams";
import { containsUnaccent } from "../../db/sql";

export async function teamDirectory(db: Executor, query: TPageQuery): Promise<TTeamDirectoryResponse> {
  const filters = [isNull(teams.deletedAt)];
  if (query.search) filters.push(containsUnaccent(teams.name, query.search));
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(where)
      .orderBy(sql`lower(${teams.name})`, asc(teams.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(teams).where(where),
  ]);
  const total = totals?.n ?? 0;
  return { teams: rows, total, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}
