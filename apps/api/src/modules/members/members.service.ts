/**
 * Rules of team members (docs/permissions.md): listing them, changing a role or removing a member
 * (only below one's own role), leaving, and transferring the ownership. Removing or leaving revokes
 * the member's API tokens for the team, so rejoining brings none back. Access and the team
 * transaction come from teams.service.ts; every change writes its audit entry in its transaction.
 */

import type { TPageQuery } from "@vt/shared/contracts/paging";
import {
  canGrantRole,
  canManageMember,
  canOwnTeam,
  type TAssignableTeamRole,
  type TTeam,
  type TTeamMember,
  type TTeamMemberListResponse,
} from "@vt/shared/contracts/teams";
import { pageWindow, totalPages } from "@vt/shared/paging";
import { revokeApiTokens } from "../../auth/api-token";
import type { SessionUser } from "../../auth/session";
import type { Executor } from "../../db/executor";
import { AppError } from "../../lib/app-error";
import {
  forbidden,
  inTeamTx,
  type TeamAccess,
  type TeamsDeps,
  teamAccess,
  teamAudit,
  toTeam,
} from "../teams/teams.service";
import { queueMemberEvent } from "../webhooks/webhook-events.service";
import * as repo from "./members.repo";

/** What other modules use of this one: this file is the module's public entry. */
export { findMemberByEmail } from "./members.repo";

function toMember(row: repo.MemberRow): TTeamMember {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  };
}

export async function listMembers(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  query: TPageQuery,
): Promise<TTeamMemberListResponse> {
  await teamAccess(deps.db, user, teamId, "member");
  const { rows, total } = await repo.listMembers(deps.db, teamId, {
    ...pageWindow(query),
    search: query.search || undefined,
  });
  return { members: rows.map(toMember), totalPages: totalPages(total, query.limit), total };
}

/** The target must be below the actor; the owner only changes by transfer (409 for those who could transfer). */
/** The member `userId` of the team, else 404 'teams.memberNotFound'. */
async function memberOf(tx: Executor, teamId: number, userId: number): Promise<repo.MemberRow> {
  const member = await repo.findMember(tx, teamId, userId);
  if (!member) throw new AppError("NOT_FOUND", "teams.memberNotFound");
  return member;
}

function assertCanManageMember(access: TeamAccess, target: repo.MemberRow): void {
  if (target.role === "owner") {
    throw canOwnTeam(access.actor) ? new AppError("CONFLICT", "teams.ownerMustTransfer") : forbidden();
  }
  if (!canManageMember(access.actor, target.role)) throw new AppError("FORBIDDEN", "teams.roleAboveOwn");
}

export async function changeMemberRole(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  userId: number,
  role: TAssignableTeamRole,
): Promise<TTeamMember> {
  return inTeamTx(deps, user, teamId, "manage", async (tx, access) => {
    const target = await memberOf(tx, teamId, userId);
    assertCanManageMember(access, target);
    if (!canGrantRole(access.actor, role)) throw new AppError("FORBIDDEN", "teams.roleAboveOwn");
    if (target.role === role) return toMember(target);
    await repo.setMemberRole(tx, teamId, userId, role);
    await teamAudit(tx, user, teamId, {
      entity: "member",
      entityId: userId,
      action: "change_role",
      before: { userId, name: target.name, role: target.role },
      after: { userId, name: target.name, role },
    });
    return toMember({ ...target, role });
  });
}

export async function removeMember(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  userId: number,
): Promise<void> {
  if (userId === user.id) return leaveTeam(deps, user, teamId);
  await inTeamTx(deps, user, teamId, "manage", async (tx, access) => {
    const target = await memberOf(tx, teamId, userId);
    assertCanManageMember(access, target);
    await repo.deleteMember(tx, teamId, userId);
    await revokeApiTokens(tx, userId, teamId);
    await teamAudit(tx, user, teamId, {
      entity: "member",
      entityId: userId,
      action: "remove",
      before: { userId, name: target.name, email: target.email, role: target.role },
    });
    await queueMemberEvent(
      tx,
      teamId,
      { id: userId, name: target.name, role: target.role },
      "member.left",
      "removed",
    );
  });
}

export async function leaveTeam(deps: TeamsDeps, user: SessionUser, teamId: number): Promise<void> {
  await inTeamTx(deps, user, teamId, "member", async (tx, access) => {
    // A platform admin who is not a member has nothing to leave.
    if (!access.actor.role) throw new AppError("NOT_FOUND", "teams.notAMember");
    if (access.actor.role === "owner") throw new AppError("CONFLICT", "teams.ownerMustTransfer");
    await repo.deleteMember(tx, teamId, user.id);
    await revokeApiTokens(tx, user.id, teamId);
    await teamAudit(tx, user, teamId, {
      entity: "member",
      entityId: user.id,
      action: "leave",
      before: { userId: user.id, name: user.name, role: access.actor.role },
    });
    await queueMemberEvent(
      tx,
      teamId,
      { id: user.id, name: user.name, role: access.actor.role },
      "member.left",
      "left",
    );
  });
}

export async function transferOwnership(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  newOwnerId: number,
): Promise<TTeam> {
  return inTeamTx(deps, user, teamId, "own", async (tx, access) => {
    const target = await memberOf(tx, teamId, newOwnerId);
    if (target.role === "owner") throw new AppError("CONFLICT", "teams.alreadyOwner");
    const previousOwner = await repo.findOwner(tx, teamId);
    // One owner at a time (unique index): demote first, then promote.
    if (previousOwner) await repo.setMemberRole(tx, teamId, previousOwner.userId, "manager");
    await repo.setMemberRole(tx, teamId, newOwnerId, "owner");
    await teamAudit(tx, user, teamId, {
      entity: "team",
      entityId: teamId,
      action: "transfer",
      before: {
        ownerId: previousOwner?.userId ?? null,
        ownerName: previousOwner?.name ?? null,
        newOwnerRole: target.role,
      },
      after: {
        ownerId: newOwnerId,
        ownerName: target.name,
        previousOwnerRole: previousOwner ? "manager" : null,
      },
    });
    let role = access.actor.role;
    if (previousOwner?.userId === user.id) role = "manager";
    if (newOwnerId === user.id) role = "owner";
    return toTeam(deps, { ...access, actor: { ...access.actor, role } });
  });
}
