/** Mail kept when no SMTP server is configured (printed to the log too); see src/mail/mailer.ts. */
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to)],
);
