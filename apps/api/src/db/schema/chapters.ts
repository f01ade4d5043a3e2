/**
 * Chapters of a comic and their pages (issue 6). A chapter belongs to a comic and to the team that
 * uploaded it. It is visible to readers only when `status = 'published'`, not `hidden`, and
 * `published_at <= now()` (a scheduled chapter has a future `published_at`); see
 * isChapterVisible in packages/shared/src/contracts/chapters.ts and `visibleSql` in db/chapter-visibility.ts.
 *
 * Pages: `position` gives the reading order; `staged` pages are uploaded but not yet saved into the
 * page list by a PUT (invisible to readers even on a published chapter). `url` is the storage key
 * (`comics/...`) or an absolute URL; `scramble_key` the page's key when scrambled.
 * Deleting a chapter moves it to the trash (`deleted_at`): every query filters it out at once; it
 * can be restored for 30 days, then the purge job removes its rows (pages cascade) and files.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { comics } from "./comics";
import { teams } from "./teams";
import { users } from "./users";

const tz = { withTimezone: true } as const;

export const CHAPTER_STATUS_VALUES = ["draft", "published"] as const;

export const chapters = pgTable(
  "chapters",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    comicId: integer("comic_id")
      .notNull()
      .references(() => comics.id, { onDelete: "cascade" }),
    /** The uploading team (platform `team { id, name }`). */
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id),
    /** Chapter order: >= 0 with decimals (12.5), or -1 for a oneshot. `order` is reserved in SQL. */
    order: doublePrecision("order_num").notNull(),
    name: text("name").notNull().default(""),
    volume: doublePrecision("volume"),
    hideOrder: boolean("hide_order").notNull().default(false),
    hideDefaultOrder: boolean("hide_default_order").notNull().default(false),
    hidden: boolean("hidden").notNull().default(false),
    status: text("status", { enum: CHAPTER_STATUS_VALUES }).notNull().default("draft"),
    /** The planned publish time given in the editor (kept on drafts too). */
    publishAt: timestamp("publish_at", tz),
    /** When readers see it: set on publish (the scheduled time, or the publish moment). */
    publishedAt: timestamp("published_at", tz),
    donateTeamIds: integer("donate_team_ids").array().notNull().default(sql`'{}'::integer[]`),
    creditTeamIds: integer("credit_team_ids").array().notNull().default(sql`'{}'::integer[]`),
    hideDonate: boolean("hide_donate").notNull().default(false),
    hideCredit: boolean("hide_credit").notNull().default(false),
    scrambled: boolean("scrambled").notNull().default(false),
    config: jsonb("config").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
    /** Optimistic concurrency: bumped by every change; a save based on an older one gets 409. */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", tz).defaultNow().notNull(),
    /** In the trash since (soft delete; purged with its files 30 days later). */
    deletedAt: timestamp("deleted_at", tz),
    deletedBy: integer("deleted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("chapters_comic_order_idx").on(t.comicId, t.order, t.id),
    index("chapters_deleted_idx").on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

/** Collaborating teams of a chapter (shown with it; any existing team). */
export const chapterTeams = pgTable(
  "chapter_teams",
  {
    chapterId: integer("chapter_id")
      .notNull()
      .references(() => chapters.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.teamId] }), index("chapter_teams_team_idx").on(t.teamId)],
);

export const chapterPages = pgTable(
  "chapter_pages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    chapterId: integer("chapter_id")
      .notNull()
      .references(() => chapters.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** Uploaded but not yet saved into the page list (PUT /chapters/:id with `pages`). */
    staged: boolean("staged").notNull().default(true),
    url: text("url").notNull(),
    scrambleKey: text("scramble_key"),
    /**
     * Storage key of the 320 px WebP thumbnail (`<url>.thumb.webp`), made by the `images.thumbnail`
     * job after upload; null until then, and always for scrambled pages (it would reveal them).
     */
    thumb: text("thumb"),
    width: integer("width"),
    height: integer("height"),
    size: integer("size"),
    mime: text("mime"),
    /** Client-side file identity (hash of name, size, lastModified) for resumable uploads. */
    clientId: text("client_id"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).defaultNow().notNull(),
  },
  (t) => [
    index("chapter_pages_chapter_idx").on(t.chapterId, t.staged, t.position),
    uniqueIndex("chapter_pages_client_key").on(t.chapterId, t.clientId).where(sql`${t.clientId} is not null`),
  ],
);
