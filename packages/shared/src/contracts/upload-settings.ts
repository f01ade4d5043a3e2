/**
 * Contracts of a team's upload settings (docs/bulk-import.md):
 *
 *   GET /teams/:teamId/upload-settings                               -> ZUploadSettings (members)
 *   PUT /teams/:teamId/upload-settings  ZUpdateUploadSettingsRequest -> ZUploadSettings (manager and above)
 *
 * `publishDelayHours` (0 = none) fills the scheduled date of chapters created afterwards when the
 * creating request gives none: `publishAt = creation time + delay`. The chapter editor shows the
 * date filled in, and it stays editable (clear it to publish at once). `splitTallStrips` is the
 * default of the per-upload tall-strip option (docs/bulk-import.md).
 */
import { z } from "zod";
import { zBaseVersion } from "../validation";

/** A month: longer delays are a schedule, set on the chapter itself. */
export const PUBLISH_DELAY_HOURS_MAX = 720;

export const ZUploadSettings = z.object({
  publishDelayHours: z.number().int(),
  splitTallStrips: z.boolean(),
  version: z.number().int(),
});
export type TUploadSettings = z.infer<typeof ZUploadSettings>;

export const ZUpdateUploadSettingsRequest = z
  .object({
    publishDelayHours: z
      .number({ error: () => "validation.invalid" })
      .int({ error: "validation.invalid" })
      .min(0, { error: "validation.tooSmall" })
      .max(PUBLISH_DELAY_HOURS_MAX, { error: "validation.tooBig" }),
    splitTallStrips: z.boolean({ error: () => "validation.invalid" }).default(false),
    version: zBaseVersion,
  })
  .meta({ id: "UpdateUploadSettingsRequest" });
export type TUpdateUploadSettingsRequest = z.input<typeof ZUpdateUploadSettingsRequest>;
