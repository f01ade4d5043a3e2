/**
 * Per-user upload counters (the hourly quota, lib/upload-quota.ts): files and bytes each user
 * stored in one clock hour, shared by every API process (never process memory). lib/upload-quota.ts
 * increments them atomically and drops a user's older hours as it goes.
 */
import { bigint, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { parentRef } from "./columns";
import { users } from "./users";

export const uploadUsage = pgTable(
  "upload_usage",
  {
    userId: parentRef("user_id", () => users.id),
    /** Start of the clock hour the counts belong to. */
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    files: integer("files").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour] })],
);

/**
 * Direct-upload tickets already confirmed (docs/operations.md, "Direct uploads (S3)"): a ticket's
 * staged key is inserted when its confirm starts, so a replayed or concurrent confirm of the same
 * ticket is 409 on every instance (lib/direct-upload.ts). The storage sweep drops rows older than a
 * ticket can live.
 */
export const directUploadClaims = pgTable("direct_upload_claims", {
  /** The staged key (`tmp/...`) the ticket was signed for. */
  key: text("key").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
});
