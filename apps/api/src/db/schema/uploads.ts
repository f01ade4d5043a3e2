/**
 * Per-user upload counters (issue 9): files and bytes each user stored in one clock hour, shared
 * by every API process (never process memory). lib/upload-quota.ts increments them atomically and
 * drops a user's older hours as it goes.
 */
import { bigint, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
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
