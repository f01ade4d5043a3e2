/**
 * In-app notifications (the bell in the header) and each user's mail choice per kind
 * (docs/requests.md, "Notifications"). A notification stores its kind and the ids/names it talks
 * about (`data`); the web app words it in the reader's language.
 */
import { NOTIFICATION_KINDS } from "@vt/shared/contracts/notifications";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, parentRef, timestamptz } from "./columns";
import { users } from "./users";

/** The kinds live in packages/shared (the contracts and the web app read the same list). */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: parentRef("user_id", () => users.id),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamptz("read_at"),
    /** Set by the `notifications.mail` job once the mail was sent or skipped (mail off, no address). */
    mailedAt: timestamptz("mailed_at"),
    createdAt: createdAt(),
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
    userId: parentRef("user_id", () => users.id),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    mail: boolean("mail").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
