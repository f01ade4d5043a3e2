/**
 * Teams, their members (one role each), invitations by e-mail, and the donate and credit settings.
 * Roles and who may change what: docs/permissions.md. A team is soft-deleted (`deleted_at`); every
 * team-scoped query filters deleted teams out.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

const tz = { withTimezone: true } as const;

export const TEAM_ROLES = ["owner", "manager", "uploader"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const INVITATION_STATUSES = ["pending", "accepted", "declined", "revoked", "expired"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const teams = pgTable(
  "teams",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    /** Storage keys (`teams/...`), null when none. */
    cover: text("cover"),
    logo: text("logo"),
    establishedAt: date("established_at", { mode: "string" }),
    /** Social links; "" when none. */
    website: text("website").notNull().default(""),
    twitter: text("twitter").notNull().default(""),
    instagram: text("instagram").notNull().default(""),
    discord: text("discord").notNull().default(""),
    facebook: text("facebook").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
    /** Optimistic concurrency: bumped by every change; a save based on an older one gets 409. */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", tz).defaultNow().notNull(),
    deletedAt: timestamp("deleted_at", tz),
    deletedBy: integer("deleted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("teams_created_by_idx").on(t.createdBy)],
);

export const teamMembers = pgTable(
  "team_members",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: TEAM_ROLES }).notNull(),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", tz).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_members_user_id_idx").on(t.userId),
    // At most one owner per team; "at least one" is kept by the service (transfer, last-owner rules).
    uniqueIndex("team_members_one_owner_key").on(t.teamId).where(sql`${t.role} = 'owner'`),
  ],
);

export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** Lower-cased; the invitee may not have an account yet. */
    email: text("email").notNull(),
    role: text("role", { enum: TEAM_ROLES }).notNull(),
    status: text("status", { enum: INVITATION_STATUSES }).notNull().default("pending"),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    respondedAt: timestamp("responded_at", tz),
  },
  (t) => [
    uniqueIndex("team_invitations_pending_key").on(t.teamId, t.email).where(sql`${t.status} = 'pending'`),
    index("team_invitations_email_pending_idx").on(t.email).where(sql`${t.status} = 'pending'`),
  ],
);

export const teamDonate = pgTable("team_donate", {
  teamId: integer("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  /** Storage key of the QR code image, null when none. */
  qrImage: text("qr_image"),
  content: text("content").notNull().default(""),
  showInEachChapter: boolean("show_in_each_chapter").notNull().default(false),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", tz).defaultNow().notNull(),
});

export const teamCredit = pgTable("team_credit", {
  teamId: integer("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  text: text("text").notNull().default(""),
  /** Ordered storage keys of the credit pages (`teams/..._credit.<ext>`). */
  pages: jsonb("pages").$type<string[]>().notNull().default([]),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", tz).defaultNow().notNull(),
});
