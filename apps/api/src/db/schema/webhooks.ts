/**
 * Team webhooks (docs/webhooks.md): each hook posts the team's events to a URL, signed
 * with its secret; each event sent to a hook is a delivery row, sent and retried by the
 * `webhooks.deliver` job. The log keeps a hook's last 100 deliveries.
 */
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_FORMATS } from "@vt/shared/contracts/webhooks";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, parentRef, timestamptz, userRef, versioned } from "./columns";
import { teams } from "./teams";

export const teamWebhooks = pgTable(
  "team_webhooks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    teamId: parentRef("team_id", () => teams.id),
    url: text("url").notNull(),
    events: jsonb("events").$type<string[]>().notNull().default([]),
    format: text("format", { enum: WEBHOOK_FORMATS }).notNull().default("json"),
    linkTemplate: text("link_template").notNull().default(""),
    /** The HMAC key: needed in clear to sign; answered only by create and rotate, never logged. */
    secret: text("secret").notNull(),
    /** Set when the hook was paused (after repeated failures); pending deliveries wait. */
    pausedAt: timestamptz("paused_at"),
    /** Failed attempts in a row (any success resets it). */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    ...versioned(),
  },
  (t) => [index("team_webhooks_team_idx").on(t.teamId)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    hookId: parentRef("hook_id", () => teamWebhooks.id),
    /** Sent as `X-Webhook-Id`: the same on every attempt of this delivery. */
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    /** What the event was about, as it was when it happened (rendered per format when sent). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When a pending delivery may be tried (again); a claimed one is pushed ahead as a lease. */
    nextAttemptAt: timestamptz("next_attempt_at").defaultNow(),
    lastAttemptAt: timestamptz("last_attempt_at"),
    responseCode: integer("response_code"),
    responseExcerpt: text("response_excerpt").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_hook_idx").on(t.hookId, t.id),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
