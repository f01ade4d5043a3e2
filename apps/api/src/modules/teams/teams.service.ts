/**
 * Rules of teams: who may read, create, change or delete a team and its cover and logo, and its
 * activity (docs/permissions.md); every change writes its audit entry in its transaction. Members,
 * invitations and the donate/credit settings are modules of their own that build on this one.
 */

import { TEAM_IMAGE_MAX_BYTES } from "@vt/shared/contracts/images";
import type { TPageQuery } from "@vt/shared/contracts/paging";
import type {
  TActivityListResponse,
  TTeam,
  TTeamListResponse,
  ZTeamListQuery,
} from "@vt/shared/contracts/teams";
import { pageWindow, totalPages } from "@vt/shared/paging";
import type { z } from "zod";
import type { SessionUser } from "../../auth/session";
import { checkVersion } from "../../lib/app-error";
import { changedFields, listTeamAudit } from "../../lib/audit";
import {
  type ImageLimits,
  type ImageReader,
  presignImageUpload,
  runImageUpload,
  type TicketRequest,
  type UploadAccess,
} from "../../lib/upload-flow";
import { forbidden, inTeamTx, type TeamsDeps, teamAccess, teamAudit } from "./team-access";
import { deleteObjects, infoOf, storeTeamImage, toSummary, toTeam } from "./team-view";
import * as repo from "./teams.repo";

export {
  forbidden,
  inTeamTx,
  type Need,
  notFound,
  type TeamAccess,
  type TeamsDeps,
  teamAccess,
  teamAudit,
  teamsDeps,
} from "./team-access";
export { deleteObjects, storeTeamImage, teamImage, toSummary, toTeam } from "./team-view";
/** What other modules use of this one: this file is the module's public entry. */
export { insertMember, lockTeam, type TeamRow, updateTeam as updateTeamRow } from "./teams.repo";

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
    await teamAudit(tx, user, row.id, {
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
    await teamAudit(tx, user, teamId, { entity: "team", entityId: teamId, action: "update", ...diff });
    return toTeam(deps, { ...access, team });
  });
}

export async function deleteTeam(deps: TeamsDeps, user: SessionUser, teamId: number): Promise<void> {
  await inTeamTx(deps, user, teamId, "own", async (tx, access) => {
    await repo.updateTeam(tx, teamId, { deletedAt: new Date(), deletedBy: user.id });
    await repo.revokePendingInvitations(tx, teamId);
    await teamAudit(tx, user, teamId, {
      entity: "team",
      entityId: teamId,
      action: "delete",
      before: infoOf(access.team),
    });
  });
}

export type TeamImageKind = "cover" | "logo";

/** A team image's gate limits: one file of at most TEAM_IMAGE_MAX_BYTES. */
export const TEAM_IMAGE_LIMITS: ImageLimits = { maxBytes: TEAM_IMAGE_MAX_BYTES, maxFiles: 1 };

/**
 * Who may upload a team's cover, logo or donate QR code (managers and above), and its limits: the
 * upload and its presign.
 */
export function teamImageAccess(deps: TeamsDeps, user: SessionUser, teamId: number) {
  return {
    authorize: () => teamAccess(deps.db, user, teamId, "manage"),
    limits: TEAM_IMAGE_LIMITS,
  } satisfies UploadAccess<unknown, unknown>;
}

/** `POST /teams/:id/{cover,logo,donate/qr}/presign`: authorized as the upload, then one signed PUT. */
export function presignTeamImage(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  tickets: TicketRequest<unknown>,
) {
  return presignImageUpload(tickets, teamImageAccess(deps, user, teamId));
}

/** The team's cover or logo, through the one upload flow (lib/upload-flow.ts); the previous one goes after the commit. */
export async function setTeamImage(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  kind: TeamImageKind,
  reader: ImageReader<unknown>,
): Promise<TTeam> {
  const { team } = await runImageUpload(deps, reader, {
    ...teamImageAccess(deps, user, teamId),
    store: (image) => storeTeamImage(deps, image, `_${kind}`),
    record: ([image]) =>
      inTeamTx(deps, user, teamId, "manage", async (tx, access) => {
        const key = image!.key;
        const previous = access.team[kind];
        const row = await repo.updateTeam(tx, teamId, { [kind]: key });
        await teamAudit(tx, user, teamId, {
          entity: "team",
          entityId: teamId,
          action: `upload_${kind}`,
          before: { [kind]: previous },
          after: { [kind]: key },
        });
        return { team: toTeam(deps, { ...access, team: row }), previous };
      }),
    after: ({ previous }) => deleteObjects(deps, [previous]),
  });
  return team;
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
    await teamAudit(tx, user, teamId, {
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
