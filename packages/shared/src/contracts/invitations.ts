/**
 * Contracts of team invitations: `/api/teams/:teamId/invitations` and `/api/invitations` (routes
 * listed in contracts/teams.ts). Error messages are i18n keys.
 */
import { z } from "zod";
import { zEmail } from "../validation";
import { ZStoredImage } from "./images";
import { ZAssignableTeamRole, ZTeamSummary } from "./teams";

// ── Invitations ───────────────────────────────────────────────────────────────

export const INVITATION_TTL_DAYS = 14;
export const INVITATION_STATUSES = ["pending", "accepted", "declined", "revoked", "expired"] as const;
export const ZInvitationStatus = z.enum(INVITATION_STATUSES);
export type TInvitationStatus = z.infer<typeof ZInvitationStatus>;

/**
 * `POST /api/teams/{teamId}/invitations`: invites an e-mail (registered or not yet) with a role
 * below the inviter's own. 409 when that e-mail already has a pending invitation or is a member.
 */
export const ZCreateInvitationRequest = z
  .object({
    email: zEmail,
    role: ZAssignableTeamRole,
  })
  .meta({ id: "CreateInvitationRequest" });
export type TCreateInvitationRequest = z.input<typeof ZCreateInvitationRequest>;

const ZUserRef = z.object({ id: z.number().int(), name: z.string() });

export const ZInvitation = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  email: z.string(),
  role: ZAssignableTeamRole,
  status: ZInvitationStatus,
  invitedBy: ZUserRef.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** `GET /api/teams/{teamId}/invitations`: the team's pending invitations, newest first. */
export const ZInvitationListResponse = z.object({ invitations: z.array(ZInvitation) });
export type TInvitationListResponse = z.infer<typeof ZInvitationListResponse>;

/** `GET /api/invitations`: the caller's pending invitations (matched by their e-mail), with the team. */
export const ZMyInvitation = ZInvitation.extend({
  team: z.object({ id: z.number().int(), name: z.string(), logo: ZStoredImage.nullable() }),
});
export type TMyInvitation = z.infer<typeof ZMyInvitation>;
/**
 * My pending invitations. Until my e-mail is verified the list is empty and `awaitingVerification`
 * counts the invitations that wait for it (nothing else about them is shown: the address is not
 * proven to be mine yet).
 */
export const ZMyInvitationListResponse = z.object({
  invitations: z.array(ZMyInvitation),
  awaitingVerification: z.number().int().nonnegative(),
});
export type TMyInvitationListResponse = z.infer<typeof ZMyInvitationListResponse>;

/** `POST /api/invitations/{id}/accept` answers the joined team; `/decline` answers 204. */
export const ZAcceptInvitationResponse = z.object({ team: ZTeamSummary });
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponse>;
