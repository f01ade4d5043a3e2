/**
 * Requests filed by a team: upload permission on a comic, delete of a comic, merge of a comic into
 * another, delete of a person. Each keeps team, user, reason and a status: `pending` until it is
 * approved, rejected (with the reviewer's note), cancelled by its team, or superseded by a merge or
 * delete of its comic (docs/requests.md). One pending request per type, team and subject (unique
 * index): a duplicate answers 409. `reviewed_by`/`reviewed_at` record who settled it and when.
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, parentRef, timestamptz, userRef } from "./columns";
import { comics } from "./comics";
import { people } from "./people";
import { teams } from "./teams";

export const REQUEST_TYPES = ["permission", "delete", "merge", "person-delete"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const REQUEST_STATUSES = ["pending", "approved", "rejected", "cancelled", "superseded"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const requests = pgTable(
  "requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    type: text("type", { enum: REQUEST_TYPES }).notNull(),
    status: text("status", { enum: REQUEST_STATUSES }).notNull().default("pending"),
    comicId: integer("comic_id").references(() => comics.id, { onDelete: "cascade" }),
    targetComicId: integer("target_comic_id").references(() => comics.id, { onDelete: "cascade" }),
    personId: integer("person_id").references(() => people.id, { onDelete: "cascade" }),
    teamId: parentRef("team_id", () => teams.id),
    userId: userRef("user_id"),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
    reviewedBy: userRef("reviewed_by"),
    reviewedAt: timestamptz("reviewed_at"),
    /** The reviewer's note (required when rejecting); "" when none. */
    note: text("note").notNull().default(""),
  },
  (t) => [
    uniqueIndex("requests_one_pending_key")
      .on(t.type, t.teamId, sql`coalesce(${t.comicId}, 0)`, sql`coalesce(${t.personId}, 0)`)
      .where(sql`${t.status} = 'pending'`),
    index("requests_comic_pending_idx").on(t.comicId, t.type).where(sql`${t.status} = 'pending'`),
    index("requests_team_idx").on(t.teamId, t.id),
    index("requests_target_idx").on(t.targetComicId),
    index("requests_person_idx").on(t.personId),
  ],
);
