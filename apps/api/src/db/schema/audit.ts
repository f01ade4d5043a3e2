/**
 * Audit trail: who changed what, when, with the values before and after. Written in the same
 * transaction as the change it records (see lib/audit.ts).
 */
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { userRef } from "./columns";
import { teams } from "./teams";

export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    actorId: userRef("actor_id"),
    /** The team the change belongs to (null for changes outside any team). */
    teamId: integer("team_id").references(() => teams.id, { onDelete: "cascade" }),
    /** team | member | invitation | donate | credit | (later) comic, chapter, request ... */
    entity: text("entity").notNull(),
    entityId: integer("entity_id"),
    action: text("action").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("audit_log_team_idx").on(t.teamId, t.id),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
  ],
);
