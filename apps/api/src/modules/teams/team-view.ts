/** How a team is answered (summary, full team) and how its images are stored and removed. */
import type { TStoredImage } from "@vt/shared/contracts/images";
import {
  assignableRoles,
  canManageTeam,
  canOwnTeam,
  type TTeam,
  type TTeamSummary,
} from "@vt/shared/contracts/teams";
import type { TeamRole } from "../../db/schema/teams";
import type { CheckedImage } from "../../lib/image-gate";
import type { Storage } from "../../storage/storage";
import type { TeamAccess, TeamsDeps } from "./team-access";
import type * as repo from "./teams.repo";

export function teamImage(storage: Storage, key: string | null): TStoredImage | null {
  return key ? { key, url: storage.publicUrl(key) } : null;
}

export function toSummary(
  deps: Pick<TeamsDeps, "storage">,
  team: repo.TeamRow,
  role: TeamRole | null,
  memberCount: number,
): TTeamSummary {
  return {
    id: team.id,
    name: team.name,
    logo: teamImage(deps.storage, team.logo),
    cover: teamImage(deps.storage, team.cover),
    myRole: role,
    memberCount,
    createdAt: team.createdAt.toISOString(),
  };
}

export function toTeam(deps: Pick<TeamsDeps, "storage" | "config">, access: TeamAccess): TTeam {
  const { team, actor } = access;
  return {
    ...toSummary(deps, team, actor.role, access.memberCount),
    // The summary has the name already (same value, so its place stays first).
    ...infoOf(team),
    siteUrl: deps.config.siteUrl ? `${deps.config.siteUrl}/teams/${team.id}` : null,
    can: { manage: canManageTeam(actor), own: canOwnTeam(actor), assignableRoles: assignableRoles(actor) },
    updatedAt: team.updatedAt.toISOString(),
    version: team.version,
  };
}

export function infoOf(team: repo.TeamRow): repo.TeamInfo {
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

/** Storage objects are removed only after the database change committed; a failure is only logged. */
export async function deleteObjects(
  deps: Pick<TeamsDeps, "storage" | "log">,
  keys: (string | null | undefined)[],
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, "could not delete a replaced team image");
    }
  }
}

/** Stores one checked team image under `teams/` (the upload flow's store step, lib/upload-flow.ts). */
export function storeTeamImage(deps: Pick<TeamsDeps, "storage">, image: CheckedImage, suffix: string) {
  return deps.storage.put(image.bytes, { prefix: "teams", suffix, ext: image.ext, contentType: image.mime });
}
