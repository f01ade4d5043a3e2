/**
 * A team's upload settings: members read them, managers and owners change them (docs/permissions.md).
 * Chapter creation reads `publishDelayHours` through `publishAtAfterDelay`.
 */
import type { TUploadSettings, ZUpdateUploadSettingsRequest } from "@vt/shared/contracts/upload-settings";
import type { z } from "zod";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import type { Executor } from "../../db/executor";
import { checkVersion } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit";
import { teamAccess } from "../teams/teams.service";
import * as repo from "./upload-settings.repo";

export async function getUploadSettings(db: Db, user: SessionUser, teamId: number): Promise<TUploadSettings> {
  await teamAccess(db, user, teamId, "member");
  return repo.getUploadSettings(db, teamId);
}

export async function updateUploadSettings(
  db: Db,
  user: SessionUser,
  teamId: number,
  input: z.output<typeof ZUpdateUploadSettingsRequest>,
): Promise<TUploadSettings> {
  return db.transaction(async (tx) => {
    await teamAccess(tx, user, teamId, "manage");
    const current = await repo.getUploadSettings(tx, teamId, true);
    checkVersion(current.version, input.version);
    const next = { publishDelayHours: input.publishDelayHours, splitTallStrips: input.splitTallStrips };
    if (
      next.publishDelayHours === current.publishDelayHours &&
      next.splitTallStrips === current.splitTallStrips
    )
      return current;
    const saved = await repo.saveUploadSettings(tx, teamId, next);
    await writeAudit(tx, {
      actorId: user.id,
      teamId,
      entity: "upload_settings",
      entityId: teamId,
      action: "update",
      before: { publishDelayHours: current.publishDelayHours, splitTallStrips: current.splitTallStrips },
      after: next,
    });
    return saved;
  });
}

/** The scheduled date a new chapter of the team gets when its request gives none (null: none). */
export async function publishAtAfterDelay(
  db: Executor,
  teamId: number,
  now = Date.now(),
): Promise<number | null> {
  const { publishDelayHours } = await repo.getUploadSettings(db, teamId);
  return publishDelayHours > 0 ? now + publishDelayHours * 3_600_000 : null;
}
