/**
 * Uploader-service users and their server-side sessions (the `vt_session` cookie).
 * A user is one identity (issuer + subject of a verified ID token); ids are integers as the
 * platform's readers expect.
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const tz = { withTimezone: true } as const;

export const USER_ROLES = ["user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    avatar: text("avatar"),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    identityIssuer: text("identity_issuer").notNull(),
    identitySubject: text("identity_subject").notNull(),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", tz).defaultNow().notNull(),
    /** Disabled by an admin: no sign-in, no session (every session is deleted when set). */
    disabledAt: timestamp("disabled_at", tz),
    /**
     * When the user proved they own `email`: by opening our verification link, or by signing in with
     * an ID token whose issuer says `email_verified: true`. Null = unverified: invitations to the
     * address wait. Cleared when the e-mail changes to one nobody verified. Users that existed
     * before e-mail verification was introduced were marked verified by the migration.
     */
    emailVerifiedAt: timestamp("email_verified_at", tz),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_identity_key").on(t.identityIssuer, t.identitySubject),
    index("users_role_idx").on(t.role).where(sql`${t.role} = 'admin'`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 (hex) of the random cookie value; the value itself is never stored. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/**
 * Verification links sent by mail (docs/identity.md, "E-mail verification"). The link carries
 * `<id>.<expiry>.<signature>`; only the SHA-256 of the id is stored, so the table alone cannot
 * forge a link. A row is used once (`used_at`), and only for the address it was sent to.
 */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    usedAt: timestamp("used_at", tz),
  },
  (t) => [index("email_verifications_user_created_idx").on(t.userId, t.createdAt)],
);

/** The user fields every reader of a user selects (session, profile). */
export const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  avatar: users.avatar,
  role: users.role,
  emailVerified: sql<boolean>`(${users.emailVerifiedAt} is not null)`.mapWith(Boolean),
};
