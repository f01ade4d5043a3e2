/**
 * Contracts of `/api/comics/*`, `/api/requests` and `/api/admin/requests/*` (the platform's status
 * values, sorts, genre slugs, integer ids, the `GET /comics` query and `{ comics, totalPages }`
 * shape, the `GET /comics/{id}` shape: docs/platform.md, "Comics").
 * Error messages are i18n keys (../i18n/messages.ts and ../i18n/comics-messages.ts).
 *
 * Routes (all under /api; every one needs the session cookie, writes the x-app-origin header):
 *   GET    /comics?page&limit&search&searchBy&status&sort&genre&r18|allowR18&full&scope
 *                                                          -> ZComicListResponse
 *   POST   /comics/covers        (multipart `file`)        -> 201 ZCoverUpload (a cover for POST /comics)
 *   POST   /comics               ZCreateComicRequest       -> 201 ZComicDetail
 *   GET    /comics/:comicId                                -> ZComicDetail
 *   PUT    /comics/:comicId      ZUpdateComicRequest       -> ZComicDetail
 *   DELETE /comics/:comicId      (platform admins)         -> ZMessageResponse (soft delete; files kept)
 *   POST   /comics/:comicId/thumbnail (multipart `file`)   -> ZComicDetail
 *   POST   /comics/:comicId/thumbnail/presign|direct (S3 storage: ZSingleDirectUpload*) -> ZComicDetail
 *   GET|POST|DELETE /comics/arts/...: see contracts/comic-arts.ts
 *   POST   /comics/collab        ZCollabRequest            -> ZCollabResponse
 *   POST   /comics/permission/:id, /deleteRequest, /mergeRequest, /merge, GET /requests, POST
 *   /admin/requests/:id/approve | /reject: see contracts/requests.ts
 *
 * Who may do what (docs/permissions.md): a comic belongs to the team that created it; that team,
 * its collaborating teams and teams granted upload rights by an approved permission request
 * "may upload" to it. Reading a comic's detail and its arts, adding/removing arts and filing
 * delete/merge requests: members of a team that may upload. Editing info and cover: members of the
 * owning team. Collaborators: managers/owner of the owning team. Direct delete, merge and request
 * review: platform admins (who also pass every check above). Anyone else gets 404 (no data).
 *
 * Write bodies are plain (stripping) objects: unknown fields (id, teamId on PUT, viewCount, ...) are
 * dropped, never stored.
 */
import { z } from "zod";
import { COMIC_SORTS, COMIC_STATUS_FILTERS, COMIC_STATUSES } from "../comic-status";
import { GENRE_SLUGS } from "../genres";
import { REQUEST_STATUSES, REQUEST_TYPES } from "../request-kinds";
import { zBaseVersion, zRequiredString } from "../validation";
import { ZStoredImage } from "./images";
import { ZPersonRef } from "./people";

export { REQUEST_STATUSES, REQUEST_TYPES };

const MB = 1024 * 1024;

// ── Building blocks ──────────────────────────────────────────────────────────

/** A positive 32-bit integer id (path params are coerced from strings). */
export const zId = (message = "validation.invalid") =>
  z
    .number({ error: () => message })
    .int({ error: message })
    .min(1, { error: message })
    .max(2_147_483_647, { error: message });
export const zIdParam = z.coerce
  .number({ error: () => "validation.invalid" })
  .int({ error: "validation.invalid" })
  .min(1, { error: "validation.invalid" })
  .max(2_147_483_647, { error: "validation.invalid" });

export const ZComicStatus = z.enum(COMIC_STATUSES, { error: () => "validation.invalid" });
export type TComicStatus = z.infer<typeof ZComicStatus>;
export const ZComicStatusFilter = z.enum(COMIC_STATUS_FILTERS, { error: () => "validation.invalid" });
export const ZComicSort = z.enum(COMIC_SORTS, { error: () => "validation.invalid" });
export const ZGenreSlug = z.enum(GENRE_SLUGS, { error: () => "comics.genreInvalid" });

export const ZTeamRef = z.object({ id: z.number().int(), name: z.string() }).meta({ id: "TeamRef" });
export type TTeamRef = z.infer<typeof ZTeamRef>;
export const ZComicRef = z.object({ id: z.number().int(), title: z.string() });
export type TComicRef = z.infer<typeof ZComicRef>;

export const COMIC_TITLE_MAX = 255;
export const COMIC_ANOTHER_NAME_MAX = 500;
export const COMIC_DESCRIPTION_MAX = 5000;
export const COMIC_PEOPLE_MAX = 20;
export const COMIC_GENRES_MAX = 20;
export const COMIC_COUPLES_MAX = 20;
/** Cover and volume art uploads: at most 5 MB each (checked by content, size and pixels). */
export const COMIC_IMAGE_MAX_MB = 5;
export const COMIC_IMAGE_MAX_BYTES = COMIC_IMAGE_MAX_MB * MB;

/** `{ message }`: the translated success text (updated, deleted, created, merged, ...). */
export const ZMessageResponse = z.object({ message: z.string() }).meta({ id: "MessageResponse" });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

// ── List ─────────────────────────────────────────────────────────────────────

export const COMIC_LIST_LIMIT_DEFAULT = 20;
export const COMIC_LIST_LIMIT_MAX = 100;
export const COMIC_SEARCH_BY = ["title", "anotherNames"] as const;

const boolParam = z
  .enum(["true", "false", "1", "0"], { error: () => "validation.invalid" })
  .transform((v) => v === "true" || v === "1");

/** A comma list in a query string ("a,b" or repeated keys), empty items dropped. */
const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())], { error: () => "validation.invalid" })
    .transform((v) =>
      (Array.isArray(v) ? v.join(",") : v)
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

/**
 * `GET /api/comics`: the platform's reader query plus `scope`.
 * - `page` from 1, `limit` 1..100 (default 20).
 * - `search`: accent-insensitive (Vietnamese: 'thanh guom' finds 'Thanh Gươm', 'd' finds 'đ'),
 *   on the fields of `searchBy` (comma list of `title`, `anotherNames`; default both).
 * - `status`: a status, `all` (default), `delete-requested` or `merge-requested` (pending requests).
 * - `sort`: `newest` (default, by upload date) or `oldest`.
 * - `genre`: comma list of slugs; a comic must carry every one of them.
 * - `r18` / `allowR18`: `false` hides mature (18+) comics; missing or `true` includes them (the
 *   dashboard lists a team's whole catalogue).
 * - `full`: `true` adds `authors` to each comic.
 * - `scope`: `mine` (default: comics my teams may upload to) or `all` (every comic, with
 *   `canUpload` and my teams' latest permission request per comic, for /comics/request).
 */
export const ZComicListQuery = z.object({
  page: z.coerce
    .number({ error: () => "validation.invalid" })
    .int({ error: "validation.invalid" })
    .min(1, { error: "validation.tooSmall" })
    .default(1),
  limit: z.coerce
    .number({ error: () => "validation.invalid" })
    .int({ error: "validation.invalid" })
    .min(1, { error: "validation.tooSmall" })
    .max(COMIC_LIST_LIMIT_MAX, { error: "validation.tooBig" })
    .default(COMIC_LIST_LIMIT_DEFAULT),
  search: z.string().trim().max(100, { error: "validation.tooLong" }).optional(),
  searchBy: commaList(z.enum(COMIC_SEARCH_BY, { error: () => "validation.invalid" })).optional(),
  status: ZComicStatusFilter.default("all"),
  sort: ZComicSort.default("newest"),
  genre: commaList(ZGenreSlug).optional(),
  r18: boolParam.optional(),
  allowR18: boolParam.optional(),
  full: boolParam.optional(),
  scope: z.enum(["mine", "all"], { error: () => "validation.invalid" }).default("mine"),
});
export type TComicListQuery = z.input<typeof ZComicListQuery>;
export type TComicListQueryParsed = z.output<typeof ZComicListQuery>;

export const ZRequestType = z.enum(REQUEST_TYPES, { error: () => "validation.invalid" });
export type TRequestType = z.infer<typeof ZRequestType>;
export const ZRequestStatus = z.enum(REQUEST_STATUSES, { error: () => "validation.invalid" });
export type TRequestStatus = z.infer<typeof ZRequestStatus>;

/** One of my teams' requests on a comic, as shown on the comic and in the all-comics list. */
export const ZMyRequestState = z.object({
  id: z.number().int(),
  type: ZRequestType,
  status: ZRequestStatus,
  team: ZTeamRef,
  createdAt: z.string(),
});
export type TMyRequestState = z.infer<typeof ZMyRequestState>;

/** One comic of `GET /api/comics`. Dates are ISO strings; `createdAt` is the upload date. */
export const ZComicListItem = z
  .object({
    id: z.number().int(),
    title: z.string(),
    anotherName: z.string(),
    /** Storage key relative to the public storage base (platform readers), or null when none yet. */
    thumbnail: z.string().nullable(),
    /** Absolute URL of the cover, for the dashboard's <img>. */
    thumbnailUrl: z.string().nullable(),
    /** Absolute URL of the cover's 320 px WebP, once the thumbnail job made it (lists use it when present). */
    thumbnailSmallUrl: z.string().optional(),
    status: ZComicStatus,
    viewCount: z.number().int(),
    saveCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    isMature: z.boolean(),
    isDoujinshi: z.boolean(),
    genres: z.array(z.string()),
    team: ZTeamRef,
    /** Pending delete / merge requests exist (from any team). */
    deleteRequested: z.boolean(),
    mergeRequested: z.boolean(),
    /** The comic a pending merge request would merge it into (the newest such request). */
    mergeTarget: ZComicRef.nullable().optional(),
    /** One of my teams may upload chapters to it (owner, collaborator or granted). */
    canUpload: z.boolean(),
    /** scope=all: my teams' most recent permission request on it (null when none). */
    permissionRequest: ZMyRequestState.nullable().optional(),
    /** full=true only. */
    authors: z.array(ZPersonRef).optional(),
  })
  .meta({ id: "ComicListItem" });
export type TComicListItem = z.infer<typeof ZComicListItem>;

export const ZComicListResponse = z
  .object({
    comics: z.array(ZComicListItem),
    totalPages: z.number().int(),
    /** Exact up to 10,000 matches; above that the database's estimate (then totalIsEstimate). */
    total: z.number().int(),
    totalIsEstimate: z.boolean(),
  })
  .meta({ id: "ComicListResponse" });
export type TComicListResponse = z.infer<typeof ZComicListResponse>;

// ── Create / update ──────────────────────────────────────────────────────────

/** A person given by id, or a new name to create inline (max 100 characters). */
export const ZPersonInput = z.union(
  [zId(), zRequiredString().pipe(z.string().max(100, { error: "validation.tooLong" }))],
  { error: () => "validation.invalid" },
);
export type TPersonInput = z.infer<typeof ZPersonInput>;

const zPeopleInput = z
  .array(ZPersonInput, { error: () => "validation.invalid" })
  .max(COMIC_PEOPLE_MAX, { error: "validation.tooBig" })
  .optional()
  .default([]);

/** A couple: two different character ids. */
export const ZCoupleInput = z
  .tuple([zId(), zId()], { error: () => "validation.invalid" })
  .refine(([a, b]) => a !== b, { error: "comics.coupleSameCharacter" });

const comicFields = {
  title: zRequiredString().pipe(z.string().max(COMIC_TITLE_MAX, { error: "validation.tooLong" })),
  anotherName: z
    .string({ error: () => "validation.invalid" })
    .trim()
    .max(COMIC_ANOTHER_NAME_MAX, { error: "validation.tooLong" })
    .nullish()
    .transform((v) => v ?? ""),
  description: z
    .string({ error: () => "validation.invalid" })
    .trim()
    .max(COMIC_DESCRIPTION_MAX, { error: "validation.tooLong" })
    .nullish()
    .transform((v) => v ?? ""),
  status: ZComicStatus.default("ongoing"),
  /** Author ids, or names to create as new authors. */
  authors: zPeopleInput,
  /** Artist ids, or names to create; ignored when syncArtistsWithAuthors (artists = the authors' names). */
  artists: zPeopleInput,
  syncArtistsWithAuthors: z.boolean({ error: () => "validation.invalid" }).default(false),
  genres: z
    .array(ZGenreSlug, { error: () => "validation.invalid" })
    .max(COMIC_GENRES_MAX, { error: "validation.tooBig" })
    .default([])
    .transform((g) => [...new Set(g)]),
  /** Mature (18+) content rating. */
  isMature: z.boolean({ error: () => "validation.invalid" }).default(false),
  /** Doujinshi: the `doujinshi` genre is kept in sync with this flag; couples need it. */
  isDoujinshi: z.boolean({ error: () => "validation.invalid" }).default(false),
  /** Pairs of character ids; only when isDoujinshi (else 422 on `couples`). */
  couples: z
    .array(ZCoupleInput, { error: () => "validation.invalid" })
    .max(COMIC_COUPLES_MAX, { error: "validation.tooBig" })
    .default([]),
};

const couplesNeedDoujinshi = <T extends { isDoujinshi: boolean; couples: unknown[] }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (!v.isDoujinshi && v.couples.length > 0) {
    ctx.addIssue({
      code: "custom",
      path: ["couples"],
      message: "comics.couplesOnlyDoujinshi",
      input: v.couples,
    });
  }
};

/**
 * `POST /api/comics`. `teamId`: a team I am a member of (else 404 on that team). `thumbnail`: the
 * `key` answered by `POST /api/comics/covers` (uploaded by me, not used yet), else
 * 'validation.coverRequired'.
 */
export const ZCreateComicRequest = z
  .object({
    teamId: zId("validation.teamRequired"),
    thumbnail: zRequiredString("validation.coverRequired"),
    ...comicFields,
  })
  .superRefine(couplesNeedDoujinshi)
  .meta({ id: "CreateComicRequest" });
export type TCreateComicRequest = z.input<typeof ZCreateComicRequest>;
export type TCreateComicRequestParsed = z.output<typeof ZCreateComicRequest>;

/** `PUT /api/comics/{id}`: the whole info form (the cover changes through POST .../thumbnail). */
export const ZUpdateComicRequest = z
  .object({ ...comicFields, version: zBaseVersion })
  .superRefine(couplesNeedDoujinshi)
  .meta({ id: "UpdateComicRequest" });
export type TUpdateComicRequest = z.input<typeof ZUpdateComicRequest>;
export type TUpdateComicRequestParsed = z.output<typeof ZUpdateComicRequest>;

/** `POST /api/comics/covers` answers the stored cover to pass as `thumbnail` to POST /api/comics. */
export const ZCoverUpload = ZStoredImage.extend({ width: z.number().int(), height: z.number().int() }).meta({
  id: "CoverUpload",
});
export type TCoverUpload = z.infer<typeof ZCoverUpload>;

// ── Detail ───────────────────────────────────────────────────────────────────

export const COLLAB_KINDS = ["collab", "granted"] as const;

/** A team other than the owner that may upload: a collaborator, or granted by a permission request. */
export const ZComicTeam = ZTeamRef.extend({ kind: z.enum(COLLAB_KINDS), since: z.string() }).meta({
  id: "ComicTeam",
});
export type TComicTeam = z.infer<typeof ZComicTeam>;

/** What the caller may do on this comic (computed server-side). */
export const ZComicCapabilities = z
  .object({
    /** Upload chapters and volume art, file delete/merge requests. */
    upload: z.boolean(),
    /** Edit info and cover (owning team, admins). */
    edit: z.boolean(),
    /** Add/remove collaborating teams (owning team's managers and owner, admins). */
    manageCollab: z.boolean(),
    /** Direct delete and merge (platform admins). */
    admin: z.boolean(),
    /** My teams (with my role) that may upload to it: the choices for a request's `teamId`. */
    teams: z.array(ZTeamRef.extend({ role: z.enum(["owner", "manager", "uploader"]).nullable() })),
  })
  .meta({ id: "ComicCapabilities" });
export type TComicCapabilities = z.infer<typeof ZComicCapabilities>;

/**
 * `GET /api/comics/{id}` (also answered by create, update and thumbnail). The platform shape
 * (`id, title, description, status, thumbnail, authors: [{ name }], genres: [slug]`) plus what the
 * edit form and the comic dashboard need.
 */
export const ZComicDetail = ZComicListItem.omit({ permissionRequest: true, authors: true })
  .extend({
    description: z.string(),
    authors: z.array(ZPersonRef),
    artists: z.array(ZPersonRef),
    syncArtistsWithAuthors: z.boolean(),
    /** Pairs of characters (doujinshi only). */
    couples: z.array(z.tuple([ZPersonRef, ZPersonRef])),
    /** Teams other than the owner that may upload. */
    collaborators: z.array(ZComicTeam),
    /** Public reading-site link (the mature site for 18+ comics); null when not configured. */
    siteUrl: z.string().nullable(),
    can: ZComicCapabilities,
    /** My teams' requests on this comic (any status), newest first. */
    requests: z.array(ZMyRequestState),
    /** Chapters of the comic (drafts included), and those readers see now (contracts/chapters.ts). */
    chapterCount: z.number().int(),
    visibleChapterCount: z.number().int(),
    /** Bumped by every change to the comic's info or cover. */
    version: z.number().int(),
  })
  .meta({ id: "ComicDetail" });
export type TComicDetail = z.infer<typeof ZComicDetail>;

/** `{id}` path parameter (requests, people). */
export const ZComicParams = z.object({ id: zIdParam });
/** `{comicId}` path parameter of the comic routes (`/comics/{comicId}`, `/comics/arts/{comicId}`, ...). */
export const ZComicIdParams = z.object({ comicId: zIdParam });

// ── Collaboration ────────────────────────────────────────────────────────────

export const ZCollabRequest = z
  .object({
    comicId: zId("validation.comicRequired"),
    teamId: zId("validation.teamRequired"),
    action: z.enum(["add", "remove"], { error: () => "validation.invalid" }),
  })
  .meta({ id: "CollabRequest" });
export type TCollabRequest = z.infer<typeof ZCollabRequest>;
export const ZCollabResponse = z.object({ message: z.string(), collaborators: z.array(ZComicTeam) });
export type TCollabResponse = z.infer<typeof ZCollabResponse>;
