/**
 * Rules of comics (docs/permissions.md, "Comic routes"): who may read, edit, upload to, share,
 * delete and merge a comic, and the audit entry every change writes in its transaction.
 *
 * Rights are read from the database on every call. A comic is visible to members of a team that
 * may upload to it (the owning team, collaborators, teams granted by an approved permission
 * request) and to platform admins; to anyone else it does not exist (404, no data).
 */

import type {
  TComicArt,
  TComicDetail,
  TComicListItem,
  TComicListQueryParsed,
  TComicListResponse,
  TComicTeam,
  TCoverUpload,
  TCreateComicRequestParsed,
  TMergeResponse,
  TUpdateComicRequestParsed,
} from "@vt/shared/contracts/comics";
import { DOUJINSHI_GENRE } from "@vt/shared/genres";
import { isValidCoverSize } from "@vt/shared/validation";
import type { FastifyBaseLogger } from "fastify";
import type { SessionUser } from "../../auth/session";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Executor, Tx } from "../../db/executor";
import { type MyTeam, myTeams } from "../../db/my-teams";
import { AppError, fieldError } from "../../lib/app-error";
import { type AuditEntry, changedFields, writeAudit } from "../../lib/audit";
import { type IncomingImage, storeIncoming } from "../../lib/direct-upload";
import type { CheckedImage } from "../../lib/image-gate";
import { thumbKeyOf } from "../../storage/keys";
import type { Storage } from "../../storage/storage";
import { liveCharacterIds, resolvePeople } from "../people/people.service";
import { lockPair, mergeInto } from "./comics.merge";
import type { ComicRow } from "./comics.repo";
import * as repo from "./comics.repo";

/** What other modules use of this one: this file is the module's public entry. */
export {
  findComicAccess,
  findTeam,
  setCollaborator,
  supersedePending,
  teamCanUpload,
  updateComic as updateComicRow,
} from "./comics.repo";

import { anchorFor, rememberAnchor } from "./list-anchors";

export interface ComicsDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, "siteUrl" | "matureSiteUrl">;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}

/**
 * Reads the request's single image only after authorization passed: from the multipart body, or
 * an object the browser stored in the bucket (direct upload, `key` set; lib/direct-upload.ts).
 */
export type CoverReader = () => Promise<IncomingImage>;

const notFound = () => new AppError("NOT_FOUND");
const forbidden = () => new AppError("FORBIDDEN");
const isAdmin = (user: SessionUser) => user.role === "admin";

// ── Access ────────────────────────────────────────────────────────────────────

export type ComicNeed = "view" | "edit" | "collab" | "admin";

export interface ComicAccess extends repo.ComicAccessRow {
  isAdmin: boolean;
  canUpload: boolean;
  canEdit: boolean;
  canManageCollab: boolean;
}

export function checkComicAccess(input: repo.ComicAccessRow | undefined, user: SessionUser, need: ComicNeed) {
  if (!input) throw notFound();
  const row = user.token ? narrowToToken(input, user.token.teamId) : input;
  const admin = isAdmin(user);
  const access: ComicAccess = {
    ...row,
    isAdmin: admin,
    canUpload: admin || row.uploadTeams.length > 0,
    canEdit: admin || row.ownerRole !== null,
    canManageCollab: admin || row.ownerRole === "owner" || row.ownerRole === "manager",
  };
  if (!access.canUpload) throw notFound();
  if (need === "edit" && !access.canEdit) throw forbidden();
  if (need === "collab" && !access.canManageCollab) throw forbidden();
  if (need === "admin" && !admin) throw forbidden();
  return access;
}

/** An API token acts for its one team only: the user's other teams give it nothing. */
function narrowToToken(row: repo.ComicAccessRow, teamId: number): repo.ComicAccessRow {
  return {
    ...row,
    uploadTeams: row.uploadTeams.filter((t) => t.id === teamId),
    ownerRole: row.comic.teamId === teamId ? row.ownerRole : null,
  };
}

/** The caller's access to a live comic: 404 when it is not visible to them, 403 when the right is missing. */
export async function comicAccess(
  db: Executor,
  user: SessionUser,
  comicId: number,
  need: ComicNeed,
  options: { lock?: boolean } = {},
): Promise<ComicAccess> {
  return checkComicAccess(await repo.findComicAccess(db, comicId, user.id, options), user, need);
}

/** Runs a change in one transaction with the comic row locked and the caller's access re-read under the lock. */
export function inComicTx<T>(
  db: Db,
  user: SessionUser,
  comicId: number,
  need: ComicNeed,
  fn: (tx: Tx, access: ComicAccess) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => fn(tx, await comicAccess(tx, user, comicId, need, { lock: true })));
}

export function comicAudit(
  tx: Executor,
  user: SessionUser,
  comic: Pick<ComicRow, "id" | "teamId">,
  entry: Omit<AuditEntry, "actorId" | "teamId" | "entity" | "entityId">,
) {
  return writeAudit(tx, {
    actorId: user.id,
    teamId: comic.teamId,
    entity: "comic",
    entityId: comic.id,
    ...entry,
  });
}

// ── Mapping ───────────────────────────────────────────────────────────────────

const iso = (d: Date | string) => new Date(d).toISOString();

function publicUrl(deps: ComicsDeps, key: string | null): string | null {
  return key ? deps.storage.publicUrl(key) : null;
}

function siteUrl(deps: ComicsDeps, comic: ComicRow): string | null {
  const base = comic.isMature ? (deps.config.matureSiteUrl ?? deps.config.siteUrl) : deps.config.siteUrl;
  return base ? `${base.replace(/\/$/, "")}/comics/${comic.id}` : null;
}

function toListItem(deps: ComicsDeps, row: repo.ComicListRow): TComicListItem {
  const pr = row.permission_request;
  return {
    id: row.id,
    title: row.title,
    anotherName: row.another_name,
    thumbnail: row.thumbnail,
    thumbnailUrl: publicUrl(deps, row.thumbnail),
    ...(row.thumbnail_small ? { thumbnailSmallUrl: deps.storage.publicUrl(row.thumbnail_small) } : {}),
    status: row.status,
    viewCount: Number(row.view_count),
    saveCount: Number(row.save_count),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    isMature: row.is_mature,
    isDoujinshi: row.is_doujinshi,
    genres: row.genres ?? [],
    team: { id: row.team_id, name: row.team_name },
    deleteRequested: row.delete_requested,
    mergeRequested: row.merge_requested,
    mergeTarget: row.merge_target,
    canUpload: row.can_upload,
    ...(pr === undefined
      ? {}
      : {
          permissionRequest: pr
            ? {
                id: pr.id,
                type: "permission" as const,
                status: pr.status,
                team: { id: pr.team_id, name: pr.team_name },
                createdAt: iso(pr.created_at),
              }
            : null,
        }),
  };
}

const toComicTeam = (r: repo.CollaboratorRow): TComicTeam => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  since: iso(r.since),
});

/** The full detail of a comic as the caller sees it (a fixed number of queries). */
export async function loadDetail(deps: ComicsDeps, db: Executor, access: ComicAccess): Promise<TComicDetail> {
  const { comic } = access;
  const teamIds = access.uploadTeams.map((t) => t.id);
  const [links, genres, couples, collaborators, requests, flags, chapterCounts] = await Promise.all([
    repo.comicPeopleOf(db, [comic.id]),
    repo.genresOf(db, comic.id),
    repo.couplesOf(db, comic.id),
    repo.collaboratorsOf(db, comic.id),
    repo.requestsOfTeamsOnComic(db, comic.id, teamIds),
    repo.pendingFlags(db, comic.id),
    repo.chapterCounts(db, [comic.id]),
  ]);
  const counts = chapterCounts.get(comic.id) ?? { total: 0, visible: 0 };
  const ref = (p: repo.PersonLink) => ({ id: p.id, name: p.name });
  return {
    id: comic.id,
    title: comic.title,
    anotherName: comic.anotherName,
    description: comic.description,
    thumbnail: comic.thumbnail,
    thumbnailUrl: publicUrl(deps, comic.thumbnail),
    ...(comic.thumbnailSmall ? { thumbnailSmallUrl: deps.storage.publicUrl(comic.thumbnailSmall) } : {}),
    status: comic.status,
    viewCount: comic.viewCount,
    saveCount: comic.saveCount,
    createdAt: iso(comic.createdAt),
    updatedAt: iso(comic.updatedAt),
    isMature: comic.isMature,
    isDoujinshi: comic.isDoujinshi,
    syncArtistsWithAuthors: comic.syncArtistsWithAuthors,
    genres,
    team: { id: comic.teamId, name: access.teamName },
    authors: links.filter((p) => p.kind === "author").map(ref),
    artists: links.filter((p) => p.kind === "artist").map(ref),
    couples: couples.map((c) => [c.a, c.b] as [typeof c.a, typeof c.b]),
    collaborators: collaborators.map(toComicTeam),
    deleteRequested: flags.deleteRequested,
    mergeRequested: flags.mergeRequested,
    mergeTarget: flags.mergeTarget,
    canUpload: access.canUpload,
    siteUrl: siteUrl(deps, comic),
    can: {
      upload: access.canUpload,
      edit: access.canEdit,
      manageCollab: access.canManageCollab,
      admin: access.isAdmin,
      teams: access.uploadTeams.map((t) => ({ id: t.id, name: t.name, role: t.role })),
    },
    requests: requests.map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      team: { id: r.teamId, name: r.teamName },
      createdAt: iso(r.createdAt),
    })),
    chapterCount: counts.total,
    visibleChapterCount: counts.visible,
    version: comic.version,
  };
}

function infoOf(comic: ComicRow): repo.ComicInfo {
  return {
    title: comic.title,
    anotherName: comic.anotherName,
    description: comic.description,
    status: comic.status,
    isMature: comic.isMature,
    isDoujinshi: comic.isDoujinshi,
    syncArtistsWithAuthors: comic.syncArtistsWithAuthors,
  };
}

// ── List ──────────────────────────────────────────────────────────────────────

export async function listComics(
  deps: ComicsDeps,
  user: SessionUser,
  query: TComicListQueryParsed,
  /** The user's teams when the caller already has them (read with the session). */
  knownTeams?: readonly MyTeam[],
): Promise<TComicListResponse> {
  const teams = knownTeams ?? (await myTeams(deps.db, user.id));
  const includeMature = (query.r18 ?? query.allowR18) !== false;
  const filters: repo.ListFilters = {
    scope: query.scope,
    teamIds: teams.map((t) => t.id),
    search: query.search || undefined,
    searchBy: query.searchBy?.length ? query.searchBy : ["title", "anotherNames"],
    status: query.status,
    sort: query.sort,
    genres: [...new Set(query.genre ?? [])],
    includeMature,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
  if (filters.scope === "mine" && filters.teamIds.length === 0) {
    return { comics: [], totalPages: 1, total: 0, totalIsEstimate: false };
  }
  const [rows, counted] = await Promise.all([
    repo.listComics(deps.db, { ...filters, ...anchorFor(filters, query.page) }),
    repo.countComics(deps.db, filters),
  ]);
  rememberAnchor(filters, query.page, rows[0]?.id);
  const total = counted.total;
  const comics = rows.map((r) => toListItem(deps, r));
  if (query.full && comics.length > 0) {
    const links = await repo.comicPeopleOf(
      deps.db,
      comics.map((c) => c.id),
    );
    for (const comic of comics) {
      comic.authors = links
        .filter((l) => l.comicId === comic.id && l.kind === "author")
        .map((l) => ({ id: l.id, name: l.name }));
    }
  }
  return {
    comics,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
    total,
    totalIsEstimate: !counted.exact,
  };
}

// ── Create / read / update / delete ──────────────────────────────────────────

interface ResolvedLinks {
  personIds: number[];
  genres: string[];
  couples: [number, number][];
}

/** Turns the form's people, genres and couples into ids (creating new names), or 422 naming the field. */
async function resolveLinks(
  tx: Tx,
  user: SessionUser,
  input: TUpdateComicRequestParsed,
): Promise<ResolvedLinks> {
  const authors = await resolvePeople(tx, "author", input.authors, user.id);
  if ("missingIndex" in authors) throw fieldError(["authors", authors.missingIndex], "comics.personNotFound");
  let artistInputs: (number | string)[] = input.artists;
  if (input.syncArtistsWithAuthors) {
    // The artists are the authors: the artist entries of the same names (created when missing).
    const names = await repo.comicPeopleNames(tx, authors.ids);
    artistInputs = names;
  }
  const artists = await resolvePeople(tx, "artist", artistInputs, user.id);
  if ("missingIndex" in artists) throw fieldError(["artists", artists.missingIndex], "comics.personNotFound");

  const characterIds = [...new Set(input.couples.flat())];
  const live = await liveCharacterIds(tx, characterIds);
  const couples: [number, number][] = [];
  const seen = new Set<string>();
  for (const [index, [a, b]] of input.couples.entries()) {
    if (!live.has(a) || !live.has(b)) throw fieldError(["couples", index], "comics.personNotFound");
    const key = `${Math.min(a, b)}:${Math.max(a, b)}`;
    if (!seen.has(key)) {
      seen.add(key);
      couples.push([a, b]);
    }
  }

  const genres = new Set(input.genres.filter((g) => g !== DOUJINSHI_GENRE));
  if (input.isDoujinshi) genres.add(DOUJINSHI_GENRE);
  return { personIds: [...authors.ids, ...artists.ids], genres: [...genres], couples };
}

function infoFromInput(input: TUpdateComicRequestParsed): repo.ComicInfo {
  return {
    title: input.title,
    anotherName: input.anotherName,
    description: input.description,
    status: input.status,
    isMature: input.isMature,
    isDoujinshi: input.isDoujinshi,
    syncArtistsWithAuthors: input.syncArtistsWithAuthors,
  };
}

/** Stores a checked cover (portrait 3:4, at least 600x800) for a later POST /comics. */
export async function uploadCover(
  deps: ComicsDeps,
  user: SessionUser,
  readCover: CoverReader,
): Promise<TCoverUpload> {
  const image = await readCover();
  const key = await storeCover(deps, image);
  return reserveCover(deps, user, image, key);
}

/**
 * A cover the browser stored itself (direct upload on S3, already through the image gate): the
 * cover rule, then the reservation for the caller's next POST /comics; refused, it is deleted.
 */
export async function recordDirectCover(
  deps: ComicsDeps,
  user: SessionUser,
  image: CheckedImage,
  key: string,
): Promise<TCoverUpload> {
  try {
    if (!isValidCoverSize(image.width, image.height)) throw fieldError(["file"], "validation.coverRatio");
    return await reserveCover(deps, user, image, key);
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

async function reserveCover(
  deps: ComicsDeps,
  user: SessionUser,
  image: CheckedImage,
  key: string,
): Promise<TCoverUpload> {
  await repo.recordCoverUpload(deps.db, key, user.id);
  return { key, url: deps.storage.publicUrl(key), width: image.width, height: image.height };
}

/** The cover rule, then the stored key; a refused cover the browser stored itself is deleted. */
async function storeCover(deps: ComicsDeps, image: IncomingImage): Promise<string> {
  if (!isValidCoverSize(image.width, image.height)) {
    await removeObjects(deps, [image.key ?? null]);
    throw fieldError(["file"], "validation.coverRatio");
  }
  return storeIncoming(deps.storage, image, { prefix: "comics", suffix: "_cover" });
}

export async function createComic(
  deps: ComicsDeps,
  user: SessionUser,
  input: TCreateComicRequestParsed,
): Promise<TComicDetail> {
  const teams = await myTeams(deps.db, user.id);
  if (
    !teams.some((t) => t.id === input.teamId) &&
    !(isAdmin(user) && (await repo.findTeam(deps.db, input.teamId)))
  ) {
    throw notFound();
  }
  const comicId = await deps.db.transaction(async (tx) => {
    if (!(await repo.takeCoverUpload(tx, input.thumbnail, user.id))) {
      throw fieldError(["thumbnail"], "comics.coverUploadNotFound");
    }
    const links = await resolveLinks(tx, user, input);
    const comic = await repo.insertComic(tx, {
      ...infoFromInput(input),
      teamId: input.teamId,
      thumbnail: input.thumbnail,
      createdBy: user.id,
    });
    await repo.replaceLinks(tx, comic.id, links);
    await comicAudit(tx, user, comic, {
      action: "create",
      after: { ...infoOf(comic), thumbnail: comic.thumbnail, ...links },
    });
    return comic.id;
  });
  return getComic(deps, user, comicId);
}

export async function getComic(deps: ComicsDeps, user: SessionUser, comicId: number): Promise<TComicDetail> {
  const access = await comicAccess(deps.db, user, comicId, "view");
  return loadDetail(deps, deps.db, access);
}

export async function updateComic(
  deps: ComicsDeps,
  user: SessionUser,
  comicId: number,
  input: TUpdateComicRequestParsed,
): Promise<TComicDetail> {
  await inComicTx(deps.db, user, comicId, "edit", async (tx, access) => {
    const before = access.comic;
    if (input.version !== undefined && input.version !== before.version)
      throw new AppError("VERSION_CONFLICT");
    const [previousLinks, previousGenres] = await Promise.all([
      repo.comicPeopleOf(tx, [comicId]),
      repo.genresOf(tx, comicId),
    ]);
    const links = await resolveLinks(tx, user, input);
    const info = infoFromInput(input);
    await repo.updateComic(tx, comicId, info);
    await repo.replaceLinks(tx, comicId, links);
    const diff = changedFields(
      { ...infoOf(before), personIds: previousLinks.map((p) => p.id), genres: previousGenres },
      { ...info, personIds: links.personIds, genres: [...links.genres].sort() },
    );
    await comicAudit(tx, user, before, {
      action: "update",
      before: diff?.before ?? null,
      after: diff?.after ?? null,
    });
  });
  return getComic(deps, user, comicId);
}

/** Platform admins: soft delete (the comic goes to the trash); files are untouched. */
export async function deleteComic(deps: ComicsDeps, user: SessionUser, comicId: number): Promise<void> {
  await inComicTx(deps.db, user, comicId, "admin", async (tx, access) => {
    await repo.updateComic(tx, comicId, { deletedAt: new Date(), deletedBy: user.id });
    await repo.supersedePending(tx, comicId, user.id);
    await comicAudit(tx, user, access.comic, { action: "delete", before: infoOf(access.comic) });
  });
}

/** Replaces the cover; the previous object is removed once the change committed. */
/** Who may change a comic's cover (POST .../thumbnail and its direct-upload pair): "edit". */
export async function authorizeThumbnail(
  deps: ComicsDeps,
  user: SessionUser,
  comicId: number,
): Promise<void> {
  await comicAccess(deps.db, user, comicId, "edit");
}

export async function setThumbnail(
  deps: ComicsDeps,
  user: SessionUser,
  comicId: number,
  readCover: CoverReader,
): Promise<TComicDetail> {
  await authorizeThumbnail(deps, user, comicId);
  const image = await readCover();
  const key = await storeCover(deps, image);
  let previous: string | null = null;
  try {
    await inComicTx(deps.db, user, comicId, "edit", async (tx, access) => {
      previous = access.comic.thumbnail;
      await repo.updateComic(tx, comicId, { thumbnail: key, thumbnailSmall: null });
      await comicAudit(tx, user, access.comic, {
        action: "upload_thumbnail",
        before: { thumbnail: previous },
        after: { thumbnail: key },
      });
    });
  } catch (error) {
    await removeObjects(deps, [key]);
    throw error;
  }
  await removeObjects(deps, previous ? [previous, thumbKeyOf(previous)] : []);
  return getComic(deps, user, comicId);
}

async function removeObjects(deps: ComicsDeps, keys: (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, "could not delete a replaced comic image");
    }
  }
}

// ── Volume art ────────────────────────────────────────────────────────────────

function toArt(deps: ComicsDeps, row: repo.ArtRow): TComicArt {
  return {
    id: row.id,
    comicId: row.comicId,
    volume: row.volume,
    image: { key: row.image, url: deps.storage.publicUrl(row.image) },
    width: row.width,
    height: row.height,
    createdAt: iso(row.createdAt),
  };
}

export async function listArts(deps: ComicsDeps, user: SessionUser, comicId: number): Promise<TComicArt[]> {
  await comicAccess(deps.db, user, comicId, "view");
  return (await repo.listArts(deps.db, comicId)).map((r) => toArt(deps, r));
}

/** Who may add volume art (POST /comics/arts and its direct-upload pair): "view". */
export async function authorizeArt(deps: ComicsDeps, user: SessionUser, comicId: number): Promise<void> {
  await comicAccess(deps.db, user, comicId, "view");
}

export async function createArt(
  deps: ComicsDeps,
  user: SessionUser,
  input: { comicId: number; volume: number; image: IncomingImage },
): Promise<TComicArt> {
  // A direct upload is already in the bucket: refused (even by authorization), it is deleted.
  let key = input.image.key ?? null;
  try {
    await authorizeArt(deps, user, input.comicId);
    const stored = await storeIncoming(deps.storage, input.image, {
      prefix: "comics",
      suffix: `_vol${input.volume}`,
    });
    key = stored;
    const row = await inComicTx(deps.db, user, input.comicId, "view", async (tx, access) => {
      const art = await repo.insertArt(tx, {
        comicId: input.comicId,
        volume: input.volume,
        image: stored,
        width: input.image.width,
        height: input.image.height,
        createdBy: user.id,
      });
      await comicAudit(tx, user, access.comic, {
        action: "add_art",
        after: { artId: art.id, volume: art.volume, image: stored },
      });
      return art;
    });
    return toArt(deps, row);
  } catch (error) {
    await removeObjects(deps, [key]);
    throw error;
  }
}

export async function deleteArt(deps: ComicsDeps, user: SessionUser, artId: number): Promise<void> {
  const art = await repo.findArt(deps.db, artId);
  if (!art) throw notFound();
  await inComicTx(deps.db, user, art.comicId, "view", async (tx, access) => {
    await repo.deleteArt(tx, artId);
    await comicAudit(tx, user, access.comic, {
      action: "delete_art",
      before: { artId, volume: art.volume, image: art.image },
    });
  });
  await removeObjects(deps, [art.image]);
}

// ── Collaboration ─────────────────────────────────────────────────────────────

export async function collab(
  deps: ComicsDeps,
  user: SessionUser,
  input: { comicId: number; teamId: number; action: "add" | "remove" },
): Promise<TComicTeam[]> {
  await inComicTx(deps.db, user, input.comicId, "collab", async (tx, access) => {
    const team = await repo.findTeam(tx, input.teamId);
    if (!team) throw fieldError(["teamId"], "validation.teamRequired");
    if (team.id === access.comic.teamId) throw new AppError("CONFLICT", "comics.ownerTeamCollab");
    if (input.action === "add") {
      const existing = await repo.findCollaborator(tx, input.comicId, team.id);
      if (existing?.kind === "collab") throw new AppError("CONFLICT", "comics.alreadyCollaborator");
      if (existing) await repo.removeCollaborator(tx, input.comicId, team.id);
      await repo.setCollaborator(tx, input.comicId, team.id, "collab", user.id);
    } else if (!(await repo.removeCollaborator(tx, input.comicId, team.id))) {
      throw new AppError("CONFLICT", "comics.notCollaborator");
    }
    await comicAudit(tx, user, access.comic, {
      action: input.action === "add" ? "add_collaborator" : "remove_collaborator",
      after: { teamId: team.id, teamName: team.name },
    });
  });
  return (await repo.collaboratorsOf(deps.db, input.comicId)).map(toComicTeam);
}

// ── Merge (platform admins) ──────────────────────────────────────────────────

/** Merges `comicId` into `targetComicId` in the caller's transaction (admins; also approve-merge). */
export async function mergeInTx(
  tx: Tx,
  user: SessionUser,
  comicId: number,
  targetComicId: number,
  options: { keepRequestId?: number } = {},
): Promise<TMergeResponse["moved"]> {
  const pair = await lockPair(tx, comicId, targetComicId);
  if (!pair.source) throw notFound();
  if (!pair.target) throw fieldError(["targetComicId"], "comics.targetNotFound");
  const moved = await mergeInto(tx, { source: pair.source, target: pair.target }, user.id, options);
  const entry = {
    comicId,
    targetComicId,
    moved,
    viewCount: pair.source.view_count,
    saveCount: pair.source.save_count,
  };
  await comicAudit(
    tx,
    user,
    { id: comicId, teamId: pair.source.team_id },
    { action: "merge_into", after: entry },
  );
  await comicAudit(
    tx,
    user,
    { id: targetComicId, teamId: pair.target.team_id },
    { action: "merge_from", after: entry },
  );
  return moved;
}

export async function mergeComics(
  deps: ComicsDeps,
  user: SessionUser,
  input: { comicId: number; targetComicId: number },
): Promise<TMergeResponse["moved"]> {
  // Order of checks as everywhere: a comic the caller cannot see is 404, a visible one 403.
  if (!isAdmin(user)) {
    await comicAccess(deps.db, user, input.comicId, "admin");
    throw forbidden();
  }
  return deps.db.transaction((tx) => mergeInTx(tx, user, input.comicId, input.targetComicId));
}
