/**
 * A team's upload settings (docs/bulk-import.md, "What exists today"): the publish delay that fills
 * new chapters' scheduled date ("publish N hours after upload") and the default of the tall-strip
 * split option. One row per team, created on the first save; no row means the defaults (no delay,
 * no split).
 */
import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { flag } from "./columns";
import { teams } from "./teams";

export const teamUploadSettings = pgTable("team_upload_settings", {
  teamId: integer("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  publishDelayHours: integer("publish_delay_hours").notNull().default(0),
  splitTallStrips: flag("split_tall_strips"),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
});
