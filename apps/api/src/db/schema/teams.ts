/**
 * Teams, their members (one role each), invitations by e-mail, and the donate and credit settings.
 * Roles and who may change what: docs/permissions.md. A team is soft-deleted (`deleted_at`); every
 * team-scoped query filters deleted teams out.
 */
import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, editTrail, flag, parentRef, timestamptz, updatedAt, userRef, versioned } from "./columns";
import { users } from "./users";

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
    ...editTrail(),
  },
  (t) => [index("teams_created_by_idx").on(t.createdBy)],
);

export const teamMembers = pgTable(
  "team_members",
  {
    teamId: parentRef("team_id", () => teams.id),
    userId: parentRef("user_id", () => users.id),
    role: text("role", { enum: TEAM_ROLES }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    teamId: parentRef("team_id", () => teams.id),
    /** Lower-cased; the invitee may not have an account yet. */
    email: text("email").notNull(),
    role: text("role", { enum: TEAM_ROLES }).notNull(),
    status: text("status", { enum: INVITATION_STATUSES }).notNull().default("pending"),
    invitedBy: userRef("invited_by"),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    respondedAt: timestamptz("responded_at"),
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
  enabled: flag("enabled"),
  /** Storage key of the QR code image, null when none. */
  qrImage: text("qr_image"),
  content: text("content").notNull().default(""),
  showInEachChapter: flag("show_in_each_chapter"),
  ...versioned(),
});

export const teamCredit = pgTable("team_credit", {
  teamId: integer("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  enabled: flag("enabled"),
  text: text("text").notNull().default(""),
  /** Ordered storage keys of the credit pages (`teams/..._credit.<ext>`). */
  pages: jsonb("pages").$type<string[]>().notNull().default([]),
  /**
   * The dHash of each credit page by storage key (lib/page-fingerprint.ts), made when it is
   * uploaded: the page checks find a team's credit page inside a chapter it is appended to.
   */
  pageHashes: jsonb("page_hashes").$type<Record<string, string>>().notNull().default({}),
  /**
   * The fingerprint version (FINGERPRINT_VERSION, as `chapter_pages.fingerprint_version`) of each
   * hash in `page_hashes`, by storage key: a credit page without one, or of an older version, is
   * fingerprinted again by the `pages.fingerprint` job (docs/jobs.md, "Page fingerprints").
   */
  pageHashVersions: jsonb("page_hash_versions").$type<Record<string, number>>().notNull().default({}),
  ...versioned(),
});
