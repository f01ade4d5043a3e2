/**
 * In-app notifications (the bell in the header) and each user's mail choice per kind
 * (docs/requests.md, "Notifications"). A notification stores its kind and the ids/names it talks
 * about (`data`); the web app words it in the reader's language.
 */
import { NOTIFICATION_KINDS } from "@vt/shared/contracts/notifications";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

const tz = { withTimezone: true } as const;

/** The kinds live in packages/shared (the contracts and the web app read the same list). */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp("read_at", tz),
    /** Set by the `notifications.mail` job once the mail was sent or skipped (mail off, no address). */
    mailedAt: timestamp("mailed_at", tz),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_unmailed_idx").on(t.id).where(sql`${t.mailedAt} is null`),
  ],
);

/** A row turns mail for one kind on or off for one user (no row: mail on). */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    mail: boolean("mail").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
