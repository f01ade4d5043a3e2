/**
 * Rules of teams: who may read or change a team, its members, invitations, donate and credit
 * settings (docs/permissions.md), and the audit entry every change writes in its transaction.
 *
 * Authorization reads the caller's membership from the database on every call (nothing is cached in
 * the session), so removing a member cuts their access at once. A signed-in non-member gets 404 for
 * anything team-scoped (never data, not even whether the team exists); a member lacking the role 403.
 */

import { TEAM_IMAGE_MAX_BYTES, type TStoredImage } from "@vt/shared/contracts/images";
import {
  assignableRoles,
  CREDIT_MAX_PAGES,
  canGrantRole,
  canManageMember,
  canManageTeam,
  canOwnTeam,
  INVITATION_TTL_DAYS,
  type TActivityListResponse,
  type TAssignableTeamRole,
  type TCreditSettings,
  type TDonateSettings,
  type TeamActor,
  type TInvitation,
  type TMyInvitation,
  type TPageQuery,
  type TTeam,
  type TTeamListResponse,
  type TTeamMember,
  type TTeamMemberListResponse,
  type TTeamSummary,
  type ZCreateInvitationRequest,
  type ZTeamListQuery,
  type ZUpdateCreditRequest,
  type ZUpdateDonateRequest,
} from "@vt/shared/contracts/teams";
import { naturalCompare } from "@vt/shared/natural-sort";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { SessionUser } from "../../auth/session";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/executor";
import type { TeamRole } from "../../db/schema/teams";
import { AppError, fieldError } from "../../lib/app-error";
import { type AuditEntry, changedFields, listTeamAudit, writeAudit } from "../../lib/audit";
import { type IncomingImage, storeIncoming } from "../../lib/direct-upload";
import { tooManyFiles } from "../../lib/image-gate";
import type { Mailer } from "../../mail/mailer";
import type { Storage } from "../../storage/storage";
import { notifyInvitation } from "../notifications/notifications.service";
import { invitationMail } from "./invitation-mail";
import * as repo from "./teams.repo";

/** What other modules use of this one: this file is the module's public entry. */
export { updateTeam as updateTeamRow } from "./teams.repo";

export interface TeamsDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, "publicUrl" | "siteUrl">;
  mailer: Pick<Mailer, "send">;
  log: Pick<FastifyBaseLogger, "error" | "warn">;
}

export type Need = "member" | "manage" | "own";

export interface TeamAccess {
  team: repo.TeamRow;
  actor: TeamActor;
  memberCount: number;
}

/**
 * Reads images from the request only after authorization passed (see teams.routes.ts): from the
 * multipart body, or objects the browser stored in the bucket (direct upload, `key` set;
 * teams.direct-routes.ts).
 */
export type ImageReader = (options: { maxBytes: number; maxFiles?: number }) => Promise<IncomingImage[]>;

const notFound = () => new AppError("NOT_FOUND");
const forbidden = () => new AppError("FORBIDDEN");

function pageWindow(query: Pick<TPageQuery, "page" | "limit">) {
  return { limit: query.limit, offset: (query.page - 1) * query.limit };
}

const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

// ── Access ────────────────────────────────────────────────────────────────────

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
async function inTeamTx<T>(
  deps: TeamsDeps,
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

function audit(tx: Tx, user: SessionUser, teamId: number, entry: Omit<AuditEntry, "actorId" | "teamId">) {
  return writeAudit(tx, { actorId: user.id, teamId, ...entry });
}

// ── Mapping ───────────────────────────────────────────────────────────────────

function image(storage: Storage, key: string | null): TStoredImage | null {
  return key ? { key, url: storage.publicUrl(key) } : null;
}

function toSummary(
  deps: TeamsDeps,
  team: repo.TeamRow,
  role: TeamRole | null,
  memberCount: number,
): TTeamSummary {
  return {
    id: team.id,
    name: team.name,
    logo: image(deps.storage, team.logo),
    cover: image(deps.storage, team.cover),
    myRole: role,
    memberCount,
    createdAt: team.createdAt.toISOString(),
  };
}

function toTeam(deps: TeamsDeps, access: TeamAccess): TTeam {
  const { team, actor } = access;
  return {
    ...toSummary(deps, team, actor.role, access.memberCount),
    establishedAt: team.establishedAt,
    website: team.website,
    twitter: team.twitter,
    instagram: team.instagram,
    discord: team.discord,
    facebook: team.facebook,
    siteUrl: deps.config.siteUrl ? `${deps.config.siteUrl}/teams/${team.id}` : null,
    can: { manage: canManageTeam(actor), own: canOwnTeam(actor), assignableRoles: assignableRoles(actor) },
    updatedAt: team.updatedAt.toISOString(),
    version: team.version,
  };
}

function infoOf(team: repo.TeamRow): repo.TeamInfo {
  return {
    name: team.name,
    establishedAt: team.establishedAt,
    website: team.website,
    twitter: team.twitter,
    instagram: team.instagram,
    discord: team.discord,
    facebook: team.facebook,
  };
}

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

/** A save based on an older version than the stored one: 409, nothing written. */
function checkVersion(current: number, base: number | undefined) {
  if (base !== undefined && base !== current) throw new AppError("VERSION_CONFLICT");
}

function toDonate(deps: TeamsDeps, row: repo.Versioned<repo.DonateRow>): TDonateSettings {
  return {
    enabled: row.enabled,
    qrImage: image(deps.storage, row.qrImage),
    content: row.content,
    showInEachChapter: row.showInEachChapter,
    version: row.version,
  };
}

function toCredit(deps: TeamsDeps, row: repo.Versioned<repo.CreditRow>): TCreditSettings {
  return {
    enabled: row.enabled,
    text: row.text,
    pages: row.pages.map((key) => ({ key, url: deps.storage.publicUrl(key) })),
    version: row.version,
  };
}

/** Storage objects are removed only after the database change committed; a failure is only logged. */
async function deleteObjects(deps: TeamsDeps, keys: (string | null | undefined)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, "could not delete a replaced team image");
    }
  }
}

/**
 * Stores checked images (direct uploads are stored already); if anything after fails, `discard()`
 * removes them, the browser's objects included.
 */
async function storeImages(deps: TeamsDeps, images: IncomingImage[], suffix: string) {
  const keys: string[] = [];
  try {
    for (const img of images) keys.push(await storeIncoming(deps.storage, img, { prefix: "teams", suffix }));
  } catch (error) {
    await deleteObjects(deps, [...keys, ...images.map((img) => img.key ?? null)]);
    throw error;
  }
  return { keys, discard: () => deleteObjects(deps, keys) };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

// ── Teams ─────────────────────────────────────────────────────────────────────

export async function listTeams(
  deps: TeamsDeps,
  user: SessionUser,
  query: z.output<typeof ZTeamListQuery>,
): Promise<TTeamListResponse> {
  if (query.all && user.role !== "admin") throw forbidden();
  const { rows, total } = await repo.listTeams(deps.db, user.id, {
    ...pageWindow(query),
    search: query.search || undefined,
    all: query.all,
  });
  return {
    teams: rows.map((r) => toSummary(deps, r.team, r.role, r.memberCount)),
    totalPages: totalPages(total, query.limit),
    total,
  };
}

export async function createTeam(deps: TeamsDeps, user: SessionUser, input: repo.TeamInfo): Promise<TTeam> {
  const team = await deps.db.transaction(async (tx) => {
    const row = await repo.insertTeam(tx, input, user.id);
    await repo.insertMember(tx, row.id, user.id, "owner");
    await audit(tx, user, row.id, {
      entity: "team",
      entityId: row.id,
      action: "create",
      after: { ...infoOf(row) },
    });
    return row;
  });
  return toTeam(deps, { team, actor: { role: "owner", isAdmin: user.role === "admin" }, memberCount: 1 });
}

export async function getTeam(deps: TeamsDeps, user: SessionUser, teamId: number): Promise<TTeam> {
  return toTeam(deps, await teamAccess(deps.db, user, teamId, "member"));
}

export async function updateTeam(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  { version, ...input }: repo.TeamInfo & { version?: number },
): Promise<TTeam> {
  return inTeamTx(deps, user, teamId, "manage", async (tx, access) => {
    checkVersion(access.team.version, version);
    const diff = changedFields(infoOf(access.team), input);
    if (!diff) return toTeam(deps, access);
    const team = await repo.updateTeam(tx, teamId, input);
    await audit(tx, user, teamId, { entity: "team", entityId: teamId, action: "update", ...diff });
    return toTeam(deps, { ...access, team });
  });
}

export async function deleteTeam(deps: TeamsDeps, user: SessionUser, teamId: number): Promise<void> {
  await inTeamTx(deps, user, teamId, "own", async (tx, access) => {
    await repo.updateTeam(tx, teamId, { deletedAt: new Date(), deletedBy: user.id });
    await repo.revokePendingInvitations(tx, teamId);
    await audit(tx, user, teamId, {
      entity: "team",
      entityId: teamId,
      action: "delete",
      before: infoOf(access.team),
    });
  });
}

export type TeamImageKind = "cover" | "logo";

/** Team images: the cover and logo, the donate QR code, the credit pages. */
export type TeamUploadTarget = TeamImageKind | "qr" | "credit";

/**
 * Who may upload a team image (managers and above, as each multipart route checks) and how many
 * files it takes now: 1, or the credit pages still free (none free: 422 validation.tooManyFiles).
 * Asked before direct-upload URLs are handed out.
 */
export async function teamUploadRoom(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  target: TeamUploadTarget,
): Promise<number> {
  await teamAccess(deps.db, user, teamId, "manage");
  if (target !== "credit") return 1;
  const room = CREDIT_MAX_PAGES - (await repo.getCredit(deps.db, teamId)).pages.length;
  if (room <= 0) throw tooManyFiles(CREDIT_MAX_PAGES);
  return room;
}

export async function setTeamImage(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  kind: TeamImageKind,
  readImages: ImageReader,
): Promise<TTeam> {
  await teamAccess(deps.db, user, teamId, "manage");
  const images = await readImages({ maxBytes: TEAM_IMAGE_MAX_BYTES, maxFiles: 1 });
  const stored = await storeImages(deps, images, `_${kind}`);
  const key = stored.keys[0]!;
  let previous: string | null = null;
  try {
    const result = await inTeamTx(deps, user, teamId, "manage", async (tx, access) => {
      previous = access.team[kind];
      const team = await repo.updateTeam(tx, teamId, { [kind]: key });
      await audit(tx, user, teamId, {
        entity: "team",
        entityId: teamId,
        action: `upload_${kind}`,
        before: { [kind]: previous },
        after: { [kind]: key },
      });
      return toTeam(deps, { ...access, team });
    });
    await deleteObjects(deps, [previous]);
    return result;
  } catch (error) {
    await stored.discard();
    throw error;
  }
}

export async function removeTeamImage(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  kind: TeamImageKind,
): Promise<TTeam> {
  let previous: string | null = null;
  const result = await inTeamTx(deps, user, teamId, "manage", async (tx, access) => {
    previous = access.team[kind];
    if (!previous) return toTeam(deps, access);
    const team = await repo.updateTeam(tx, teamId, { [kind]: null });
    await audit(tx, user, teamId, {
      entity: "team",
      entityId: teamId,
      action: `remove_${kind}`,
      before: { [kind]: previous },
      after: { [kind]: null },
    });
    return toTeam(deps, { ...access, team });
  });
  await deleteObjects(deps, [previous]);
  return result;
}

// ── Members ───────────────────────────────────────────────────────────────────

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
    const target = await repo.findMember(tx, teamId, userId);
    if (!target) throw new AppError("NOT_FOUND", "teams.memberNotFound");
    assertCanManageMember(access, target);
    if (!canGrantRole(access.actor, role)) throw new AppError("FORBIDDEN", "teams.roleAboveOwn");
    if (target.role === role) return toMember(target);
    await repo.setMemberRole(tx, teamId, userId, role);
    await audit(tx, user, teamId, {
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
    const target = await repo.findMember(tx, teamId, userId);
    if (!target) throw new AppError("NOT_FOUND", "teams.memberNotFound");
    assertCanManageMember(access, target);
    await repo.deleteMember(tx, teamId, userId);
    await audit(tx, user, teamId, {
      entity: "member",
      entityId: userId,
      action: "remove",
      before: { userId, name: target.name, email: target.email, role: target.role },
    });
  });
}

export async function leaveTeam(deps: TeamsDeps, user: SessionUser, teamId: number): Promise<void> {
  await inTeamTx(deps, user, teamId, "member", async (tx, access) => {
    // A platform admin who is not a member has nothing to leave.
    if (!access.actor.role) throw new AppError("NOT_FOUND", "teams.notAMember");
    if (access.actor.role === "owner") throw new AppError("CONFLICT", "teams.ownerMustTransfer");
    await repo.deleteMember(tx, teamId, user.id);
    await audit(tx, user, teamId, {
      entity: "member",
      entityId: user.id,
      action: "leave",
      before: { userId: user.id, name: user.name, role: access.actor.role },
    });
  });
}

export async function transferOwnership(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  newOwnerId: number,
): Promise<TTeam> {
  return inTeamTx(deps, user, teamId, "own", async (tx, access) => {
    const target = await repo.findMember(tx, teamId, newOwnerId);
    if (!target) throw new AppError("NOT_FOUND", "teams.memberNotFound");
    if (target.role === "owner") throw new AppError("CONFLICT", "teams.alreadyOwner");
    const previousOwner = await repo.findOwner(tx, teamId);
    // One owner at a time (unique index): demote first, then promote.
    if (previousOwner) await repo.setMemberRole(tx, teamId, previousOwner.userId, "manager");
    await repo.setMemberRole(tx, teamId, newOwnerId, "owner");
    await audit(tx, user, teamId, {
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

// ── Invitations ───────────────────────────────────────────────────────────────

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
      if (await repo.findMemberByEmail(tx, teamId, input.email))
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
      await audit(tx, user, teamId, {
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
    await audit(tx, user, teamId, {
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
 * address is theirs (issue 9: whoever registers an invited address first must not take the seat).
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
      team: { id: row.teamId, name: row.teamName, logo: image(deps.storage, row.teamLogo) },
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
    const team = await repo.lockTeam(tx, invitation.teamId);
    if (!team) throw new AppError("NOT_FOUND", "teams.invitationNotFound");
    if (!(await repo.insertMember(tx, team.id, user.id, invitation.role))) {
      throw new AppError("CONFLICT", "teams.alreadyMember");
    }
    await repo.setInvitationStatus(tx, id, "accepted");
    await audit(tx, user, team.id, {
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
    await audit(tx, user, invitation.teamId, {
      entity: "invitation",
      entityId: id,
      action: "decline",
      before: { email: invitation.email, role: invitation.role, status: "pending" },
      after: { status: "declined" },
    });
  });
}

// ── Donate ────────────────────────────────────────────────────────────────────

export async function getDonate(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
): Promise<TDonateSettings> {
  await teamAccess(deps.db, user, teamId, "member");
  return toDonate(deps, await repo.getDonate(deps.db, teamId));
}

export async function updateDonate(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  input: z.output<typeof ZUpdateDonateRequest>,
): Promise<TDonateSettings> {
  let removed: string | null = null;
  const result = await inTeamTx(deps, user, teamId, "manage", async (tx) => {
    const { version, ...current } = await repo.getDonate(tx, teamId);
    checkVersion(version, input.version);
    // A new QR code only comes from the upload route; the body may keep the current one or drop it.
    if (input.qrImage !== null && input.qrImage !== current.qrImage)
      throw fieldError(["qrImage"], "validation.invalid");
    const next: repo.DonateRow = {
      enabled: input.enabled,
      qrImage: input.qrImage,
      content: input.content,
      showInEachChapter: input.showInEachChapter,
    };
    const diff = changedFields(current, next);
    let saved = version;
    if (diff) {
      saved = await repo.saveDonate(tx, teamId, next);
      await audit(tx, user, teamId, { entity: "donate", entityId: teamId, action: "update", ...diff });
    }
    if (current.qrImage && next.qrImage === null) removed = current.qrImage;
    return toDonate(deps, { ...next, version: saved });
  });
  await deleteObjects(deps, [removed]);
  return result;
}

export async function uploadDonateQr(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  readImages: ImageReader,
): Promise<TDonateSettings> {
  await teamAccess(deps.db, user, teamId, "manage");
  const images = await readImages({ maxBytes: TEAM_IMAGE_MAX_BYTES, maxFiles: 1 });
  const stored = await storeImages(deps, images, "_qr");
  const key = stored.keys[0]!;
  let previous: string | null = null;
  try {
    const result = await inTeamTx(deps, user, teamId, "manage", async (tx) => {
      const { version: _, ...current } = await repo.getDonate(tx, teamId);
      previous = current.qrImage;
      const next = { ...current, qrImage: key };
      const version = await repo.saveDonate(tx, teamId, next);
      await audit(tx, user, teamId, {
        entity: "donate",
        entityId: teamId,
        action: "upload_qr",
        before: { qrImage: previous },
        after: { qrImage: key },
      });
      return toDonate(deps, { ...next, version });
    });
    await deleteObjects(deps, [previous]);
    return result;
  } catch (error) {
    await stored.discard();
    throw error;
  }
}

// ── Credit ────────────────────────────────────────────────────────────────────

export async function getCredit(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
): Promise<TCreditSettings> {
  await teamAccess(deps.db, user, teamId, "member");
  return toCredit(deps, await repo.getCredit(deps.db, teamId));
}

export async function updateCredit(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  input: z.output<typeof ZUpdateCreditRequest>,
): Promise<TCreditSettings> {
  let removed: string[] = [];
  const result = await inTeamTx(deps, user, teamId, "manage", async (tx) => {
    const { version, ...current } = await repo.getCredit(tx, teamId);
    checkVersion(version, input.version);
    // Pages only come from the upload route: the body reorders or drops the current ones.
    input.pages.forEach((key, i) => {
      if (!current.pages.includes(key)) throw fieldError(["pages", i], "validation.invalid");
    });
    const next: repo.CreditRow = { enabled: input.enabled, text: input.text, pages: input.pages };
    const diff = changedFields(current, next);
    let saved = version;
    if (diff) {
      saved = await repo.saveCredit(tx, teamId, next);
      await audit(tx, user, teamId, { entity: "credit", entityId: teamId, action: "update", ...diff });
    }
    removed = current.pages.filter((key) => !next.pages.includes(key));
    return toCredit(deps, { ...next, version: saved });
  });
  await deleteObjects(deps, removed);
  return result;
}

export async function uploadCreditPages(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  readImages: ImageReader,
): Promise<TCreditSettings> {
  await teamAccess(deps.db, user, teamId, "manage");
  const room = CREDIT_MAX_PAGES - (await repo.getCredit(deps.db, teamId)).pages.length;
  if (room <= 0) throw tooManyFiles(CREDIT_MAX_PAGES);
  const images = await readImages({ maxBytes: TEAM_IMAGE_MAX_BYTES, maxFiles: room });
  images.sort((a, b) => naturalCompare(a.filename, b.filename));
  const stored = await storeImages(deps, images, "_credit");
  try {
    return await inTeamTx(deps, user, teamId, "manage", async (tx) => {
      const { version: _, ...current } = await repo.getCredit(tx, teamId);
      if (current.pages.length + stored.keys.length > CREDIT_MAX_PAGES) throw tooManyFiles(CREDIT_MAX_PAGES);
      const next = { ...current, pages: [...current.pages, ...stored.keys] };
      const version = await repo.saveCredit(tx, teamId, next);
      await audit(tx, user, teamId, {
        entity: "credit",
        entityId: teamId,
        action: "upload_pages",
        before: { pages: current.pages },
        after: { pages: next.pages },
      });
      return toCredit(deps, { ...next, version });
    });
  } catch (error) {
    await stored.discard();
    throw error;
  }
}

// ── Activity ──────────────────────────────────────────────────────────────────

export async function teamActivity(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  query: Pick<TPageQuery, "page" | "limit">,
): Promise<TActivityListResponse> {
  await teamAccess(deps.db, user, teamId, "member");
  const { rows, total } = await listTeamAudit(deps.db, teamId, pageWindow(query));
  return {
    entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    totalPages: totalPages(total, query.limit),
    total,
  };
}
