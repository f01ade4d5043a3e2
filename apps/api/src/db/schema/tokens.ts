/**
 * Personal API tokens (docs/permissions.md, "API tokens"): a user's token for tools such as
 * `npm run upload`, scoped to one team and to `read` or `upload`. Only the SHA-256 of the secret is
 * stored; `prefix` (the first characters of the secret) lets the owner recognise a token in the
 * list. The per-minute counter lives on the row so every instance shares it (rate limit without
 * process memory).
 */
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, parentRef, timestamptz } from "./columns";
import { teams } from "./teams";
import { users } from "./users";

export const API_TOKEN_SCOPES = ["read", "upload"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: parentRef("user_id", () => users.id),
    teamId: parentRef("team_id", () => teams.id),
    name: text("name").notNull(),
    scope: text("scope", { enum: API_TOKEN_SCOPES }).notNull(),
    /** SHA-256 (hex) of the secret; the secret is shown once and never stored. */
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
    revokedAt: timestamptz("revoked_at"),
    /** Start of the current rate-limit minute and the calls made in it. */
    windowStart: timestamptz("window_start"),
    windowCount: integer("window_count").notNull().default(0),
  },
  (t) => [uniqueIndex("api_tokens_hash_key").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);
