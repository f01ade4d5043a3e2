/**
 * Comics and what hangs off them: upload rights of other teams, people and genre links, couples,
 * volume art, and covers uploaded before their comic exists. A comic belongs to the team that
 * created it (`team_id`); `comic_teams` lists the other teams that may upload (collaborators and
 * teams granted by an approved permission request). Deleting is soft (`deleted_at`; a merged
 * source also records `merged_into_id`); files are never removed with the row.
 *
 * Search: migration 0005 adds `vt_search_text(text)` (IMMUTABLE: lower + unaccent + đ->d). The
 * comic's title and alternative name are stored normalized by it (generated columns) under GIN
 * trigram indexes, so a search never re-runs unaccent on the rows it rechecks or counts.
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, editTrail, flag, parentRef, userRef } from "./columns";
import { people } from "./people";
import { teams } from "./teams";
import { users } from "./users";

export const COMIC_STATUSES = ["upcoming", "ongoing", "completed", "hiatus", "canceled"] as const;
export type ComicStatusValue = (typeof COMIC_STATUSES)[number];
export const COMIC_TEAM_KINDS = ["collab", "granted"] as const;
export type ComicTeamKind = (typeof COMIC_TEAM_KINDS)[number];

export const comics = pgTable(
  "comics",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The owning team (the one that created it). */
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id),
    title: text("title").notNull(),
    anotherName: text("another_name").notNull().default(""),
    /** vt_search_text(title) / vt_search_text(another_name), kept by the database. */
    titleSearch: text("title_search").generatedAlwaysAs(sql`vt_search_text(title)`),
    anotherNameSearch: text("another_name_search").generatedAlwaysAs(sql`vt_search_text(another_name)`),
    description: text("description").notNull().default(""),
    status: text("status", { enum: COMIC_STATUSES }).notNull().default("ongoing"),
    /** Storage key of the cover (`comics/...`), relative to the public storage base. */
    thumbnail: text("thumbnail"),
    /** Storage key of the cover's 320 px WebP (`<thumbnail>.thumb.webp`, `images.thumbnail` job); null until made. */
    thumbnailSmall: text("thumbnail_small"),
    isMature: flag("is_mature"),
    isDoujinshi: flag("is_doujinshi"),
    syncArtistsWithAuthors: flag("sync_artists_with_authors"),
    viewCount: integer("view_count").notNull().default(0),
    saveCount: integer("save_count").notNull().default(0),
    ...editTrail(),
    /** Set when the comic was merged into another (then also deleted). */
    mergedIntoId: integer("merged_into_id"),
  },
  (t) => [
    index("comics_live_created_idx").on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("comics_team_created_idx").on(t.teamId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("comics_title_search_trgm_idx")
      .using("gin", t.titleSearch.op("gin_trgm_ops"))
      // No pending list: PGlite has no autovacuum to flush it, and searches would rescan it.
      .with({ fastupdate: "off" })
      .where(sql`${t.deletedAt} is null`),
    index("comics_another_name_search_trgm_idx")
      .using("gin", t.anotherNameSearch.op("gin_trgm_ops"))
      .with({ fastupdate: "off" })
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Teams other than the owner that may upload to a comic. */
export const comicTeams = pgTable(
  "comic_teams",
  {
    comicId: parentRef("comic_id", () => comics.id),
    teamId: parentRef("team_id", () => teams.id),
    kind: text("kind", { enum: COMIC_TEAM_KINDS }).notNull(),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.comicId, t.teamId] }),
    index("comic_teams_team_idx").on(t.teamId, t.comicId),
  ],
);

/** Authors and artists of a comic (the person's kind says which), in form order. */
export const comicPeople = pgTable(
  "comic_people",
  {
    comicId: parentRef("comic_id", () => comics.id),
    personId: parentRef("person_id", () => people.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.comicId, t.personId] }), index("comic_people_person_idx").on(t.personId)],
);

export const comicGenres = pgTable(
  "comic_genres",
  {
    comicId: parentRef("comic_id", () => comics.id),
    /** A slug of packages/shared/src/genres.ts. */
    genre: text("genre").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.comicId, t.genre] }),
    index("comic_genres_genre_idx").on(t.genre, t.comicId),
  ],
);

/** Couples of a doujinshi: unordered pairs of characters. */
export const comicCouples = pgTable(
  "comic_couples",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    comicId: parentRef("comic_id", () => comics.id),
    characterAId: parentRef("character_a_id", () => people.id),
    characterBId: parentRef("character_b_id", () => people.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("comic_couples_pair_key").on(
      t.comicId,
      sql`least(${t.characterAId}, ${t.characterBId})`,
      sql`greatest(${t.characterAId}, ${t.characterBId})`,
    ),
    index("comic_couples_a_idx").on(t.characterAId),
    index("comic_couples_b_idx").on(t.characterBId),
  ],
);

/** Volume art images (one or more per volume number). */
export const comicArts = pgTable(
  "comic_arts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    comicId: parentRef("comic_id", () => comics.id),
    volume: integer("volume").notNull(),
    /** Storage key (`comics/...`). */
    image: text("image").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("comic_arts_comic_idx").on(t.comicId, t.volume, t.id)],
);

/**
 * Covers uploaded (and checked) before their comic is created: POST /comics takes the key only if
 * this user uploaded it and it is unused; the row is consumed by the creation.
 */
export const comicCoverUploads = pgTable(
  "comic_cover_uploads",
  {
    key: text("key").primaryKey(),
    userId: parentRef("user_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("comic_cover_uploads_user_idx").on(t.userId)],
);
