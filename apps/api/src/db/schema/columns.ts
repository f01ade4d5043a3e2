/**
 * Column helpers shared by the schema files: one definition for the columns many tables repeat
 * (timestamps, user references, cascade references to a parent row, the edit trail of an
 * editable soft-deleted row). Not a table file: schema.ts does not list it.
 */
import { type AnyPgColumn, boolean, integer, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Every timestamp is `timestamptz`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at`, set by the database. */
export const createdAt = () => timestamptz("created_at").defaultNow().notNull();

/** `updated_at`, set by the database on insert and by the code on every change. */
export const updatedAt = () => timestamptz("updated_at").defaultNow().notNull();

/** The user who did something; kept as null when that user is deleted. */
export const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: "set null" });

/** A required reference to the parent row; the row goes with its parent (`on delete cascade`). */
export const parentRef = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: "cascade" });

/** Optimistic concurrency: `version` is bumped by every change; a save based on an older one gets 409. */
export const versioned = () => ({
  version: integer("version").notNull().default(1),
  updatedAt: updatedAt(),
});

/**
 * Who made the row and when, its version, and its soft delete (`deleted_at`: in the trash since;
 * `deleted_by`): the trail of the editable rows (teams, comics, chapters).
 */
export const editTrail = () => ({
  createdBy: userRef("created_by"),
  createdAt: createdAt(),
  ...versioned(),
  deletedAt: timestamptz("deleted_at"),
  deletedBy: userRef("deleted_by"),
});

/** A yes/no setting that is off unless set. */
export const flag = (name: string) => boolean(name).notNull().default(false);
