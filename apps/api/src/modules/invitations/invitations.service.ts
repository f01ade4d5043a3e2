/**
 * Rules of team invitations (docs/permissions.md): a manager invites an e-mail with a role below
 * their own (in-app notification and mail), revokes it; the invitee (once their e-mail is verified)
 * accepts or declines. Access and the team transaction come from teams.service.ts.
 */

import {
  INVITATION_TTL_DAYS,
  type TInvitation,
  type TMyInvitation,
  type ZCreateInvitationRequest,
} from "@vt/shared/contracts/invitations";
import { canGrantRole, type TAssignableTeamRole, type TTeamSummary } from "@vt/shared/contracts/teams";
import type { z } from "zod";
import type { SessionUser } from "../../auth/session";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../lib/app-error";
import { findMemberByEmail } from "../members/members.service";
import { notifyInvitation } from "../notifications/notifications.service";
import {
  insertMember,
  inTeamTx,
  lockTeam,
  type TeamsDeps,
  teamAccess,
  teamAudit,
  teamImage,
  toSummary,
} from "../teams/teams.service";
import { queueMemberEvent } from "../webhooks/webhooks-events.service";
import { invitationMail } from "./invitation-mail";
import * as repo from "./invitations.repo";

function toInvitation(row: repo.InvitationRow): TInvitation {
  return {
    id: row.id,
    teamId: row.teamId,
    email: row.email,
    role: row.role as TAssignableTeamRole,
    status: row.status,
    invitedBy: row.invitedById === null ? null : { id: row.invitedById, name: row.invitedByName ?? "" },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function listTeamInvitations(deps: TeamsDeps, user: SessionUser, teamId: number) {
  await teamAccess(deps.db, user, teamId, "manage");
  return { invitations: (await repo.listTeamInvitations(deps.db, teamId)).map(toInvitation) };
}

export async function inviteMember(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  input: z.output<typeof ZCreateInvitationRequest>,
): Promise<TInvitation> {
  let teamName = "";
  let wantsMail = true;
  let invitation: TInvitation;
  try {
    invitation = await inTeamTx(deps, user, teamId, "manage", async (tx, access) => {
      if (!canGrantRole(access.actor, input.role)) throw new AppError("FORBIDDEN", "teams.roleAboveOwn");
      teamName = access.team.name;
      await repo.expireInvitations(tx, { teamId, email: input.email });
      if (await findMemberByEmail(tx, teamId, input.email))
        throw new AppError("CONFLICT", "teams.alreadyMember");
      if (await repo.findPendingInvitationByEmail(tx, teamId, input.email)) {
        throw new AppError("CONFLICT", "teams.invitationPending");
      }
      const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
      const id = await repo.insertInvitation(tx, {
        teamId,
        email: input.email,
        role: input.role,
        invitedBy: user.id,
        expiresAt,
      });
      await teamAudit(tx, user, teamId, {
        entity: "invitation",
        entityId: id,
        action: "invite",
        after: { email: input.email, role: input.role },
      });
      wantsMail = await notifyInvitation(tx, user, {
        email: input.email,
        teamId,
        teamName,
        role: input.role,
      });
      return toInvitation((await repo.findTeamInvitation(tx, teamId, id))!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "teams.invitationPending");
    throw error;
  }
  // The invitation is in the database (and shown after sign-in) even if the mail cannot go out.
  // An invitee with an account who turned invitation mail off gets the in-app notification only.
  if (!wantsMail) return invitation;
  try {
    await deps.mailer.send(
      invitationMail({
        to: input.email,
        inviterName: user.name,
        teamName,
        role: input.role,
        link: `${deps.config.publicUrl}/teams`,
      }),
    );
  } catch (error) {
    deps.log.error({ err: error, invitationId: invitation.id }, "could not send the invitation mail");
  }
  return invitation;
}

export async function revokeInvitation(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  id: number,
): Promise<void> {
  await inTeamTx(deps, user, teamId, "manage", async (tx, access) => {
    const invitation = await repo.findTeamInvitation(tx, teamId, id);
    if (invitation?.status !== "pending") throw new AppError("NOT_FOUND", "teams.invitationNotFound");
    if (!canGrantRole(access.actor, invitation.role)) throw new AppError("FORBIDDEN", "teams.roleAboveOwn");
    await repo.setInvitationStatus(tx, id, "revoked");
    await teamAudit(tx, user, teamId, {
      entity: "invitation",
      entityId: id,
      action: "revoke",
      before: { email: invitation.email, role: invitation.role, status: "pending" },
      after: { status: "revoked" },
    });
  });
}

/**
 * Invitations go to an address, so they are shown and answered only once the user proved the
 * address is theirs (whoever registers an invited address first must not take the seat:
 * docs/identity.md, "E-mail verification").
 * Before that the list only says how many wait.
 */
function requireVerifiedEmail(user: SessionUser): void {
  if (!user.emailVerified) throw new AppError("FORBIDDEN", "verification.invitationNeedsVerifiedEmail");
}

export async function myInvitations(
  deps: TeamsDeps,
  user: SessionUser,
): Promise<{ invitations: TMyInvitation[]; awaitingVerification: number }> {
  const rows = await repo.listInvitationsForEmail(deps.db, user.email.toLowerCase());
  if (!user.emailVerified) return { invitations: [], awaitingVerification: rows.length };
  return {
    awaitingVerification: 0,
    invitations: rows.map((row) => ({
      ...toInvitation(row),
      team: { id: row.teamId, name: row.teamName, logo: teamImage(deps.storage, row.teamLogo) },
    })),
  };
}

export async function acceptInvitation(
  deps: TeamsDeps,
  user: SessionUser,
  id: number,
): Promise<{ team: TTeamSummary }> {
  requireVerifiedEmail(user);
  return deps.db.transaction(async (tx) => {
    const invitation = await repo.lockInvitationForEmail(tx, id, user.email.toLowerCase());
    if (!invitation) throw new AppError("NOT_FOUND", "teams.invitationNotFound");
    const team = await lockTeam(tx, invitation.teamId);
    if (!team) throw new AppError("NOT_FOUND", "teams.invitationNotFound");
    if (!(await insertMember(tx, team.id, user.id, invitation.role))) {
      throw new AppError("CONFLICT", "teams.alreadyMember");
    }
    await repo.setInvitationStatus(tx, id, "accepted");
    await teamAudit(tx, user, team.id, {
      entity: "member",
      entityId: user.id,
      action: "accept",
      before: { invitationId: id, status: "pending" },
      after: {
        invitationId: id,
        status: "accepted",
        userId: user.id,
        name: user.name,
        role: invitation.role,
      },
    });
    await queueMemberEvent(
      tx,
      team.id,
      { id: user.id, name: user.name, role: invitation.role },
      "member.joined",
    );
    const access = await teamAccess(tx, user, team.id, "member");
    return { team: toSummary(deps, access.team, access.actor.role, access.memberCount) };
  });
}

export async function declineInvitation(deps: TeamsDeps, user: SessionUser, id: number): Promise<void> {
  requireVerifiedEmail(user);
  await deps.db.transaction(async (tx) => {
    const invitation = await repo.lockInvitationForEmail(tx, id, user.email.toLowerCase());
    if (!invitation) throw new AppError("NOT_FOUND", "teams.invitationNotFound");
    await repo.setInvitationStatus(tx, id, "declined");
    await teamAudit(tx, user, invitation.teamId, {
      entity: "invitation",
      entityId: id,
      action: "decline",
      before: { email: invitation.email, role: invitation.role, status: "pending" },
      after: { status: "declined" },
    });
  });
}
