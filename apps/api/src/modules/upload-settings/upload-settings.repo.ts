/** SQL of a team's upload settings (publish delay, tall-strip default). */
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { teamUploadSettings } from "../../db/schema/upload-settings";

export type UploadSettingsRow = { publishDelayHours: number; splitTallStrips: boolean; version: number };

const DEFAULTS: UploadSettingsRow = { publishDelayHours: 0, splitTallStrips: false, version: 1 };

/** The team's settings (the defaults when never saved); `lock` holds the row until the transaction ends. */
export async function getUploadSettings(
  db: Executor,
  teamId: number,
  lock = false,
): Promise<UploadSettingsRow> {
  const query = db
    .select({
      publishDelayHours: teamUploadSettings.publishDelayHours,
      splitTallStrips: teamUploadSettings.splitTallStrips,
      version: teamUploadSettings.version,
    })
    .from(teamUploadSettings)
    .where(eq(teamUploadSettings.teamId, teamId))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? DEFAULTS;
}

/** Saves the settings and answers them with their new version. */
export async function saveUploadSettings(
  tx: Executor,
  teamId: number,
  values: Omit<UploadSettingsRow, "version">,
): Promise<UploadSettingsRow> {
  const [row] = await tx
    .insert(teamUploadSettings)
    .values({ teamId, ...values, version: 2 })
    .onConflictDoUpdate({
      target: teamUploadSettings.teamId,
      set: { ...values, updatedAt: new Date(), version: sql`${teamUploadSettings.version} + 1` },
    })
    .returning({
      publishDelayHours: teamUploadSettings.publishDelayHours,
      splitTallStrips: teamUploadSettings.splitTallStrips,
      version: teamUploadSettings.version,
    });
  return row!;
}
