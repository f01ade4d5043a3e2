/**
 * Chapters of a comic and their pages. A chapter belongs to a comic and to the team that
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
import { FINGERPRINT_VERSION } from "@vt/shared/page-fingerprint";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, editTrail, flag, parentRef, timestamptz, userRef } from "./columns";
import { comics } from "./comics";
import { teams } from "./teams";

export const CHAPTER_STATUS_VALUES = ["draft", "published"] as const;

export const chapters = pgTable(
  "chapters",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    comicId: parentRef("comic_id", () => comics.id),
    /** The uploading team (platform `team { id, name }`). */
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id),
    /** Chapter order: >= 0 with decimals (12.5), or -1 for a oneshot. `order` is reserved in SQL. */
    order: doublePrecision("order_num").notNull(),
    name: text("name").notNull().default(""),
    volume: doublePrecision("volume"),
    hideOrder: flag("hide_order"),
    hideDefaultOrder: flag("hide_default_order"),
    hidden: flag("hidden"),
    status: text("status", { enum: CHAPTER_STATUS_VALUES }).notNull().default("draft"),
    /** The planned publish time given in the editor (kept on drafts too). */
    publishAt: timestamptz("publish_at"),
    /** When readers see it: set on publish (the scheduled time, or the publish moment). */
    publishedAt: timestamptz("published_at"),
    /**
     * Whether `published_at` was a planned time, later than the save that published it (a schedule),
     * rather than the moment of that save. Only a scheduled chapter's uploader is told when it goes
     * live (`chapters.notify-published`).
     */
    publishScheduled: flag("publish_scheduled"),
    donateTeamIds: integer("donate_team_ids").array().notNull().default(sql`'{}'::integer[]`),
    creditTeamIds: integer("credit_team_ids").array().notNull().default(sql`'{}'::integer[]`),
    hideDonate: flag("hide_donate"),
    hideCredit: flag("hide_credit"),
    scrambled: flag("scrambled"),
    config: jsonb("config").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    ...editTrail(),
  },
  (t) => [
    index("chapters_comic_order_idx").on(t.comicId, t.order, t.id),
    index("chapters_deleted_idx").on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * A page whose fingerprint is missing or made by an older definition than FINGERPRINT_VERSION: what
 * the `pages.fingerprint` job makes (again). The version is written into the SQL as a literal, so
 * the partial index `chapter_pages_fingerprint_due_idx` serves the job's query; a new version
 * changes that index (a migration).
 */
export function fingerprintDue(version: AnyColumn): SQL {
  return sql`(${version} is null or ${version} < ${sql.raw(String(FINGERPRINT_VERSION))})`;
}

/** Collaborating teams of a chapter (shown with it; any existing team). */
export const chapterTeams = pgTable(
  "chapter_teams",
  {
    chapterId: parentRef("chapter_id", () => chapters.id),
    teamId: parentRef("team_id", () => teams.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.teamId] }), index("chapter_teams_team_idx").on(t.teamId)],
);

export const chapterPages = pgTable(
  "chapter_pages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    chapterId: parentRef("chapter_id", () => chapters.id),
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
    /**
     * Fingerprint (lib/page-fingerprint.ts, docs/page-checks.md), made by the image gate on upload
     * (scrambled pages: of the unscrambled picture) or by the `pages.fingerprint` job for pages
     * stored before it existed: dHash as 16 hex digits, mean and standard deviation of brightness.
     * A database trigger keeps `page_hash_bands` in step with `dhash`.
     */
    dhash: text("dhash"),
    brightnessMean: real("brightness_mean"),
    brightnessStd: real("brightness_std"),
    /**
     * The definition the fingerprint was made by (`FINGERPRINT_VERSION`,
     * packages/shared/src/page-fingerprint.ts); null with `dhash`. The `pages.fingerprint` job
     * makes again the fingerprint of a page of an older version.
     */
    fingerprintVersion: smallint("fingerprint_version"),
    /** Client-side file identity (hash of name, size, lastModified) for resumable uploads. */
    clientId: text("client_id"),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("chapter_pages_chapter_idx").on(t.chapterId, t.staged, t.position),
    // The pages the `pages.fingerprint` job has to (re)make, without walking the others.
    index("chapter_pages_fingerprint_due_idx").on(t.id).where(fingerprintDue(t.fingerprintVersion)),
    uniqueIndex("chapter_pages_client_key").on(t.chapterId, t.clientId).where(sql`${t.clientId} is not null`),
  ],
);

/**
 * Page-check findings an uploader kept ("keep" in the editor's Page checks panel,
 * docs/page-checks.md). Two kinds of row:
 * - comic-wide (`chapter_id` and `page_id` null, kind `otherChapter`): a page shared between
 *   chapters on purpose (a recap or credit page); `dhash` is its hash, and no page of any chapter of
 *   the comic within the duplicate distance of it is reported as "already in chapter X" again;
 * - per page (`chapter_id` and `page_id` set, kind `duplicate`, `blank`, `width` or `narrow`): that
 *   finding is not raised for that page while its image is the one kept (`dhash` is the page's hash
 *   then, null for a page without one; a replaced image brings the finding back).
 */
export const pageCheckKeeps = pgTable(
  "page_check_keeps",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    comicId: parentRef("comic_id", () => comics.id),
    chapterId: integer("chapter_id").references(() => chapters.id, { onDelete: "cascade" }),
    pageId: integer("page_id").references(() => chapterPages.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    dhash: text("dhash"),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("page_check_keeps_comic_hash_key").on(t.comicId, t.dhash).where(sql`${t.pageId} is null`),
    uniqueIndex("page_check_keeps_page_kind_key").on(t.pageId, t.kind).where(sql`${t.pageId} is not null`),
    index("page_check_keeps_chapter_idx").on(t.chapterId),
  ],
);

/**
 * The 4 tagged 16-bit bands of every fingerprinted page (`band * 65536 + value`,
 * lib/page-fingerprint.ts dhashBands), with the page's comic and whole hash (as a signed 64-bit
 * integer) in the key: the cross-chapter lookup (modules/chapters/page-bands.ts) is one B-tree
 * range per probed band value, index only, the exact distance computed in the index rows.
 * Written only by triggers (migration 0022_page_hash_bands): a page's rows follow its `dhash`
 * and its chapter, and a chapter's pages follow its `comic_id` (a comic merge); pages deleted
 * with their chapter go with them (cascade). Trashed chapters keep their rows: the lookup joins
 * the chapter and filters it.
 */
export const pageHashBands = pgTable(
  "page_hash_bands",
  {
    comicId: integer("comic_id").notNull(),
    bandValue: integer("band_value").notNull(),
    dhash: bigint("dhash", { mode: "bigint" }).notNull(),
    pageId: integer("page_id")
      .notNull()
      .references(() => chapterPages.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.comicId, t.bandValue, t.dhash, t.pageId] }),
    index("page_hash_bands_page_idx").on(t.pageId),
  ],
);
