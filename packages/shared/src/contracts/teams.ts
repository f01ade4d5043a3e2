/**
 * Contracts of `/api/teams/*` and `/api/invitations/*`, shared by the API and the web forms. Error
 * messages are i18n keys. The invitation schemas live in contracts/invitations.ts, the donate and
 * credit ones in contracts/team-settings.ts.
 *
 * Roles (our design, see docs/permissions.md): `owner` (exactly one per team, hands over with
 * POST /teams/{id}/transfer), `manager` (team info, donate, credit, members below manager),
 * `uploader` (the team's comics and chapters; reads team info and members). Platform admins
 * (users.role = "admin") act on every team as if above owner.
 *
 * Routes (all under /api; every one needs the session cookie, writes the x-app-origin header):
 *   GET    /teams?page&limit&search[&all]         -> ZTeamListResponse (my teams with my role)
 *   GET    /teams/directory?page&limit&search     -> ZTeamDirectoryResponse (every live team, by name)
 *   POST   /teams              ZCreateTeamRequest -> 201 ZTeam
 *   GET    /teams/:teamId                         -> ZTeam
 *   PUT    /teams/:teamId      ZUpdateTeamRequest -> ZTeam
 *   DELETE /teams/:teamId                         -> 204 (owner or admin; soft delete)
 *   POST   /teams/:teamId/cover | /logo  (multipart `file`)  -> ZTeam
 *   DELETE /teams/:teamId/cover | /logo                      -> ZTeam
 *   GET    /teams/:teamId/members?page&limit&search          -> ZTeamMemberListResponse
 *   PATCH  /teams/:teamId/members/:userId  ZUpdateMemberRequest -> ZTeamMember
 *   DELETE /teams/:teamId/members/:userId                    -> 204
 *   POST   /teams/:teamId/leave                              -> 204
 *   POST   /teams/:teamId/transfer  ZTransferOwnershipRequest -> ZTeam
 *   GET    /teams/:teamId/invitations                        -> ZInvitationListResponse
 *   POST   /teams/:teamId/invitations  ZCreateInvitationRequest -> 201 ZInvitation
 *   DELETE /teams/:teamId/invitations/:id                    -> 204 (revoke)
 *   GET    /invitations                                      -> ZMyInvitationListResponse
 *   POST   /invitations/:id/accept                           -> ZAcceptInvitationResponse
 *   POST   /invitations/:id/decline                          -> 204
 *   GET    /teams/:teamId/donate                             -> ZDonateSettings
 *   PUT    /teams/:teamId/donate   ZUpdateDonateRequest      -> ZDonateSettings
 *   POST   /teams/:teamId/donate/qr  (multipart `file`)      -> ZDonateSettings
 *   GET    /teams/:teamId/credit                             -> ZCreditSettings
 *   PUT    /teams/:teamId/credit   ZUpdateCreditRequest      -> ZCreditSettings
 *   POST   /teams/:teamId/credit/pages  (multipart `files`)  -> ZCreditSettings (pages appended)
 *   GET    /teams/:teamId/activity?page&limit                -> ZActivityListResponse
 * Failures: 401 signed out; 404 team missing/deleted or caller not a member (no data); 403 member
 * without the role; 409 conflicts (duplicate invitation, already a member, owner must transfer);
 * 422 validation (errors name the field). Who may call what: docs/permissions.md.
 *
 * Write bodies are plain (stripping) objects: unknown fields such as id, ownerId, role, teamId or
 * createdAt are dropped before the service sees them, never stored.
 */
import { z } from "zod";
import { zBaseVersion, zOptionalUrl, zRequiredString } from "../validation";
import { auditChangeFields } from "./admin";
import { ZStoredImage } from "./images";
import { ZPageQuery, zPagedList } from "./paging";

// ── Roles and the permission rules both sides use ─────────────────────────────

export const TEAM_ROLES = ["owner", "manager", "uploader"] as const;
export const ZTeamRole = z.enum(TEAM_ROLES, { error: () => "validation.invalid" });
export type TTeamRole = z.infer<typeof ZTeamRole>;

/** Roles that can be granted by invitation or role change; `owner` only moves by transfer. */
export const ASSIGNABLE_TEAM_ROLES = ["manager", "uploader"] as const;
export const ZAssignableTeamRole = z.enum(ASSIGNABLE_TEAM_ROLES, { error: () => "validation.invalid" });
export type TAssignableTeamRole = z.infer<typeof ZAssignableTeamRole>;

export const TEAM_ROLE_RANK: Record<TTeamRole, number> = { uploader: 1, manager: 2, owner: 3 };
/** A platform admin ranks above every team role. */
export const ADMIN_RANK = 4;

/** Who is acting on a team: their membership role (null when not a member) and platform-admin flag. */
export interface TeamActor {
  role: TTeamRole | null;
  isAdmin: boolean;
}

export function actorRank(actor: TeamActor): number {
  if (actor.isAdmin) return ADMIN_RANK;
  return actor.role ? TEAM_ROLE_RANK[actor.role] : 0;
}

/** Team info, donate, credit, invitations: manager and above. */
export function canManageTeam(actor: TeamActor): boolean {
  return actorRank(actor) >= TEAM_ROLE_RANK.manager;
}

/** Delete the team, transfer ownership: owner or admin. */
export function canOwnTeam(actor: TeamActor): boolean {
  return actorRank(actor) >= TEAM_ROLE_RANK.owner;
}

/**
 * Role ceiling: one may only grant a role strictly below one's own (an owner grants manager or
 * uploader, a manager grants uploader, an uploader nothing). `owner` is never granted this way.
 */
export function canGrantRole(actor: TeamActor, role: TTeamRole): boolean {
  return role !== "owner" && actorRank(actor) > TEAM_ROLE_RANK[role] && canManageTeam(actor);
}

/** Change the role of / remove a member currently holding `targetRole`: only below one's own rank. */
export function canManageMember(actor: TeamActor, targetRole: TTeamRole): boolean {
  return targetRole !== "owner" && actorRank(actor) > TEAM_ROLE_RANK[targetRole] && canManageTeam(actor);
}

export function assignableRoles(actor: TeamActor): TAssignableTeamRole[] {
  return ASSIGNABLE_TEAM_ROLES.filter((role) => canGrantRole(actor, role));
}

// ── Lists ─────────────────────────────────────────────────────────────────────

// ── Team ──────────────────────────────────────────────────────────────────────

export const TEAM_NAME_MAX = 100;
export const TEAM_LINK_MAX = 500;
export const TEAM_LINK_FIELDS = ["website", "twitter", "instagram", "discord", "facebook"] as const;
export type TTeamLinkField = (typeof TEAM_LINK_FIELDS)[number];

/** A social link: "" (none) or a link (URL_REGEX), else 'validation.linkInvalid'. */
const zTeamLink = zOptionalUrl.pipe(z.string().max(TEAM_LINK_MAX, { error: "validation.tooLong" }));

/** Established date as `YYYY-MM-DD`; "", null or missing means unknown (null). */
const zEstablishedAt = z
  .union([z.iso.date({ error: "validation.invalid" }), z.literal(""), z.null()], {
    error: () => "validation.invalid",
  })
  .optional()
  .transform((v) => (v ? v : null));

const teamInfoFields = {
  name: zRequiredString().pipe(z.string().max(TEAM_NAME_MAX, { error: "validation.tooLong" })),
  establishedAt: zEstablishedAt,
  website: zTeamLink,
  twitter: zTeamLink,
  instagram: zTeamLink,
  discord: zTeamLink,
  facebook: zTeamLink,
};

/** `POST /api/teams`: the creator becomes the owner. Missing links mean none. */
export const ZCreateTeamRequest = z.object(teamInfoFields).meta({ id: "CreateTeamRequest" });
export type TCreateTeamRequest = z.input<typeof ZCreateTeamRequest>;

/** `PUT /api/teams/{teamId}`: the whole info form (a missing link or date clears it). */
export const ZUpdateTeamRequest = z
  .object({ ...teamInfoFields, version: zBaseVersion })
  .meta({ id: "UpdateTeamRequest" });
export type TUpdateTeamRequest = z.input<typeof ZUpdateTeamRequest>;

/** What the caller may do on this team (computed server-side with the rules above). */
export const ZTeamCapabilities = z.object({
  /** Edit info, images, donate, credit; invite and manage members below their own rank. */
  manage: z.boolean(),
  /** Delete the team, transfer ownership. */
  own: z.boolean(),
  /** Roles the caller may grant by invitation or role change. */
  assignableRoles: z.array(ZAssignableTeamRole),
});
export type TTeamCapabilities = z.infer<typeof ZTeamCapabilities>;

/** One row of `GET /api/teams`. */
export const ZTeamSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: ZStoredImage.nullable(),
  cover: ZStoredImage.nullable(),
  /** The caller's role; null when a platform admin lists a team they are not a member of. */
  myRole: ZTeamRole.nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type TTeamSummary = z.infer<typeof ZTeamSummary>;

/** `GET/PUT /api/teams/{teamId}` and the image uploads answer this. Dates are ISO strings. */
export const ZTeam = ZTeamSummary.extend({
  /** `YYYY-MM-DD` or null. */
  establishedAt: z.string().nullable(),
  website: z.string(),
  twitter: z.string(),
  instagram: z.string(),
  discord: z.string(),
  facebook: z.string(),
  /** `${SITE_URL}/teams/${id}`, or null when SITE_URL is not configured. */
  siteUrl: z.string().nullable(),
  can: ZTeamCapabilities,
  updatedAt: z.string(),
  /** Bumped by every change to the team's info and images. */
  version: z.number().int(),
}).meta({ id: "Team" });
export type TTeam = z.infer<typeof ZTeam>;

/** `GET /api/teams?page&limit&search[&all=true]` (`all` lists every team, platform admins only). */
export const ZTeamListQuery = ZPageQuery.extend({
  all: z
    .enum(["true", "false", "1", "0"], { error: () => "validation.invalid" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
});
export type TTeamListQuery = z.input<typeof ZTeamListQuery>;

export const ZTeamListResponse = zPagedList("teams", ZTeamSummary);
export type TTeamListResponse = z.infer<typeof ZTeamListResponse>;

/**
 * `GET /api/teams/directory?page&limit&search`: every live team of the platform by name (id and
 * name only, no membership), for the collaborator pickers. Any signed-in user.
 */
export const ZTeamDirectoryResponse = zPagedList(
  "teams",
  z.object({ id: z.number().int(), name: z.string() }),
);
export type TTeamDirectoryResponse = z.infer<typeof ZTeamDirectoryResponse>;

// ── Members ───────────────────────────────────────────────────────────────────

export const ZTeamMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: ZTeamRole,
  joinedAt: z.string(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

/** `GET /api/teams/{teamId}/members?page&limit&search` (search: name or e-mail), owner first. */
export const ZTeamMemberListResponse = zPagedList("members", ZTeamMember);
export type TTeamMemberListResponse = z.infer<typeof ZTeamMemberListResponse>;

/** `PATCH /api/teams/{teamId}/members/{userId}`: answers the updated ZTeamMember. */
export const ZUpdateMemberRequest = z
  .object({ role: ZAssignableTeamRole })
  .meta({ id: "UpdateMemberRequest" });
export type TUpdateMemberRequest = z.infer<typeof ZUpdateMemberRequest>;

/**
 * `POST /api/teams/{teamId}/transfer`: the member `userId` becomes owner, the previous owner
 * becomes manager. Answers the updated ZTeam (as seen by the caller).
 */
export const ZTransferOwnershipRequest = z
  .object({
    userId: z
      .number({ error: () => "validation.invalid" })
      .int({ error: "validation.invalid" })
      .min(1, { error: "validation.invalid" })
      .max(2_147_483_647, { error: "validation.invalid" }),
  })
  .meta({ id: "TransferOwnershipRequest" });
export type TTransferOwnershipRequest = z.infer<typeof ZTransferOwnershipRequest>;

// ── Activity (audit) ──────────────────────────────────────────────────────────

/** Entities of the team's own audit entries; later features add theirs (comic, chapter, ...). */
export const TEAM_AUDIT_ENTITIES = ["team", "member", "invitation", "donate", "credit"] as const;

export const ZActivityEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() }).nullable(),
  ...auditChangeFields,
  /** What the entry is about, by its name now: the comic (of a chapter or request too) and the chapter. */
  subject: z
    .object({
      comicTitle: z.string().nullable(),
      chapter: z.object({ name: z.string(), order: z.number(), hideOrder: z.boolean() }).nullable(),
    })
    .optional(),
});
export type TActivityEntry = z.infer<typeof ZActivityEntry>;

/** `GET /api/teams/{teamId}/activity?page&limit`, newest first. */
export const ZActivityListResponse = zPagedList("entries", ZActivityEntry);
export type TActivityListResponse = z.infer<typeof ZActivityListResponse>;

// ── Route params ──────────────────────────────────────────────────────────────

/** A path id: a positive 32-bit integer (ids are Postgres `integer`s). */
const zPathId = z.coerce
  .number({ error: () => "validation.invalid" })
  .int({ error: "validation.invalid" })
  .min(1, { error: "validation.invalid" })
  .max(2_147_483_647, { error: "validation.invalid" });

export const ZTeamParams = z.object({ teamId: zPathId });
export const ZTeamMemberParams = ZTeamParams.extend({ userId: zPathId });
export const ZTeamInvitationParams = ZTeamParams.extend({ id: zPathId });
export const ZInvitationParams = z.object({ id: zPathId });
