/**
 * Authors, artists and characters: one table, the kind says which list a row belongs to. Shared by
 * the whole platform (any team links them to its comics). Deleted through an approved request
 * (soft delete: `deleted_at`, links removed). The accent-insensitive trigram index on the name is
 * created by migration 0005 (a function index drizzle cannot express).
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamptz, updatedAt, userRef } from "./columns";

export const PERSON_KINDS = ["author", "artist", "character"] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

export const people = pgTable(
  "people",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: PERSON_KINDS }).notNull(),
    name: text("name").notNull(),
    uploadedBy: userRef("uploaded_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [
    // One live entry per kind and name (case-insensitive): inline creation reuses it.
    uniqueIndex("people_kind_name_key").on(t.kind, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index("people_kind_id_idx").on(t.kind, t.id).where(sql`${t.deletedAt} is null`),
  ],
);
