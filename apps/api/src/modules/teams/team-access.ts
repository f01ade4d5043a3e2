/**
 * Who may act on a team (docs/permissions.md) and the transaction every team change runs in.
 *
 * Authorization reads the caller's membership from the database on every call (nothing is cached in
 * the session), so removing a member cuts their access at once. A signed-in non-member gets 404 for
 * anything team-scoped (never data, not even whether the team exists); a member lacking the role 403.
 * The members, invitations and team-settings modules use this through teams.service.ts.
 */
import { canManageTeam, canOwnTeam, type TeamActor } from "@vt/shared/contracts/teams";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { SessionUser } from "../../auth/session";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/executor";
import { AppError } from "../../lib/app-error";
import { type AuditEntry, writeAudit } from "../../lib/audit";
import type { Mailer } from "../../mail/mailer";
import type { Storage } from "../../storage/storage";
import * as repo from "./teams.repo";

export interface TeamsDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, "publicUrl" | "siteUrl">;
  mailer: Pick<Mailer, "send">;
  log: Pick<FastifyBaseLogger, "error" | "warn">;
}

/** The deps of a request to a team route (teams, members, invitations, team settings). */
export function teamsDeps(app: FastifyInstance, request: FastifyRequest): TeamsDeps {
  return { db: app.db, storage: app.storage, config: app.config, mailer: app.mailer, log: request.log };
}

export type Need = "member" | "manage" | "own";

export interface TeamAccess {
  team: repo.TeamRow;
  actor: TeamActor;
  memberCount: number;
}

export const notFound = () => new AppError("NOT_FOUND");
export const forbidden = () => new AppError("FORBIDDEN");

function checkAccess(row: repo.TeamAccessRow | undefined, user: SessionUser, need: Need): TeamAccess {
  if (!row) throw notFound();
  const actor: TeamActor = { role: row.role, isAdmin: user.role === "admin" };
  if (!actor.role && !actor.isAdmin) throw notFound();
  if (need === "manage" && !canManageTeam(actor)) throw forbidden();
  if (need === "own" && !canOwnTeam(actor)) throw forbidden();
  return { team: row.team, actor, memberCount: row.memberCount };
}

/** The caller's access to a live team, or 404 (not found / not a member) or 403 (role too low). */
export async function teamAccess(
  db: Db | Tx,
  user: SessionUser,
  teamId: number,
  need: Need,
): Promise<TeamAccess> {
  return checkAccess(await repo.findTeamWithRole(db, teamId, user.id), user, need);
}

/**
 * Runs a change in one transaction: locks the team row (serializing concurrent changes to the same
 * team), re-reads the caller's access under that lock, then runs `fn`.
 */
export async function inTeamTx<T>(
  deps: Pick<TeamsDeps, "db">,
  user: SessionUser,
  teamId: number,
  need: Need,
  fn: (tx: Tx, access: TeamAccess) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.lockTeam(tx, teamId))) throw notFound();
    const access = await teamAccess(tx, user, teamId, need);
    return fn(tx, access);
  });
}

/** The audit entry of a team change, written in its transaction. */
export function teamAudit(
  tx: Tx,
  user: SessionUser,
  teamId: number,
  entry: Omit<AuditEntry, "actorId" | "teamId">,
) {
  return writeAudit(tx, { actorId: user.id, teamId, ...entry });
}
