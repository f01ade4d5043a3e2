/**
 * Rules of comics (docs/permissions.md, "Comic routes"): who may read, edit, upload to, share,
 * delete and merge a comic, and the audit entry every change writes in its transaction.
 *
 * Rights are read from the database on every call. A comic is visible to members of a team that
 * may upload to it (the owning team, collaborators, teams granted by an approved permission
 * request) and to platform admins; to anyone else it does not exist (404, no data).
 */

import type {
  TComicDetail,
  TComicListQueryParsed,
  TComicListResponse,
  TComicTeam,
  TCreateComicRequestParsed,
  TUpdateComicRequestParsed,
} from "@vt/shared/contracts/comics";
import type { TMergeResponse } from "@vt/shared/contracts/requests";
import { DOUJINSHI_GENRE } from "@vt/shared/genres";
import { pageWindow, totalPages } from "@vt/shared/paging";
import type { SessionUser } from "../../auth/session";
import type { Tx } from "../../db/executor";
import { type MyTeam, myTeams } from "../../db/my-teams";
import { AppError, checkVersion, fieldError } from "../../lib/app-error";
import { changedFields } from "../../lib/audit";
import {
  type ImageReader,
  presignImageUpload,
  runImageUpload,
  type TicketRequest,
  type UploadAccess,
} from "../../lib/upload-flow";
import { thumbKeyOf } from "../../storage/keys";
import { notifyComicEvent, notifyRequestsSuperseded } from "../notifications/notifications.service";
import { liveCharacterIds, resolvePeople } from "../people/people.service";
import { lockPair, mergeInto } from "./comic-merge";
import * as repo from "./comics.repo";
import * as list from "./comics-list.repo";

/** What other modules use of this one: this file is the module's public entry. */
export {
  findComicAccess,
  findTeam,
  lockComics,
  setCollaborator,
  teamCanUpload,
  updateComic as updateComicRow,
} from "./comics.repo";

import {
  type ComicsDeps,
  comicAccess,
  comicAudit,
  forbidden,
  inComicTx,
  isAdmin,
  notFound,
} from "./comic-access";
import { COVER_LIMITS, checkCover, removeObjects, storeCover } from "./comic-images";
import { infoOf, loadDetail, toComicTeam, toListItem } from "./comic-view";
import { anchorFor, rememberAnchor } from "./list-anchors";

/** Defined in this module's other files, used by its routes and by other modules. */
export {
  type ComicAccess,
  type ComicNeed,
  type ComicsDeps,
  checkComicAccess,
  comicAccess,
  comicAudit,
  defaultChapterTeam,
  inComicTx,
} from "./comic-access";
export {
  createArt,
  deleteArt,
  listArts,
  presignArt,
  presignCover,
  uploadCover,
} from "./comic-images";

import { queueComicCreated, queueRequestEvent } from "../webhooks/webhooks-events.service";

export { loadDetail } from "./comic-view";

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
  const filters: list.ListFilters = {
    scope: query.scope,
    teamIds: teams.map((t) => t.id),
    search: query.search || undefined,
    searchBy: query.searchBy?.length ? query.searchBy : ["title", "anotherNames"],
    status: query.status,
    sort: query.sort,
    genres: [...new Set(query.genre ?? [])],
    includeMature,
    ...pageWindow(query),
  };
  if (filters.scope === "mine" && filters.teamIds.length === 0) {
    return { comics: [], totalPages: 1, total: 0, totalIsEstimate: false };
  }
  const counted = await list.listComics(deps.db, { ...filters, ...anchorFor(filters, query.page) });
  const { rows, total } = counted;
  rememberAnchor(filters, query.page, rows[0]?.id);
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
    totalPages: totalPages(total, query.limit),
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
    await queueComicCreated(tx, comic, user.name);
    return comic.id;
  });
  // The cover was stored by POST /comics/covers; its thumbnail is made now that a comic uses it.
  await deps.queueThumbnails?.({ comicIds: [comicId] });
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
    checkVersion(before.version, input.version);
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
    await trashComic(tx, user, comicId);
    await comicAudit(tx, user, access.comic, { action: "delete", before: infoOf(access.comic) });
  });
}

/**
 * Moves a locked comic to the trash in the caller's transaction (an admin's delete, an approved
 * delete request): its pending requests become superseded, and the teams concerned are told.
 * `request`: the approved request (kept pending for its own review; its filer hears of it there).
 */
export async function trashComic(
  tx: Tx,
  user: SessionUser,
  comicId: number,
  request?: { id: number; teamId: number; userId: number | null },
): Promise<void> {
  await repo.updateComic(tx, comicId, { deletedAt: new Date(), deletedBy: user.id });
  const superseded = await repo.supersedePending(tx, comicId, user.id, request?.id);
  for (const r of superseded) await queueRequestEvent(tx, Number(r.id), "request.superseded");
  await notifyRequestsSuperseded(
    tx,
    user,
    superseded.map((r) => Number(r.id)),
    "delete",
  );
  await notifyComicEvent(tx, user, "comic_deleted", comicId, {
    ...(request ? { requesterTeamId: request.teamId } : {}),
    except: request?.userId ? [request.userId] : [],
  });
}

/** Who may change a comic's cover ("edit"), and its limits: the upload and its presign. */
function thumbnailAccess(deps: ComicsDeps, user: SessionUser, comicId: number) {
  return {
    authorize: async () => {
      await comicAccess(deps.db, user, comicId, "edit");
    },
    limits: COVER_LIMITS,
  } satisfies UploadAccess<unknown, void>;
}

/** `POST /comics/:id/thumbnail/presign`: authorized as `setThumbnail`, then one signed PUT. */
export function presignThumbnail(
  deps: ComicsDeps,
  user: SessionUser,
  comicId: number,
  tickets: TicketRequest<unknown>,
) {
  return presignImageUpload(tickets, thumbnailAccess(deps, user, comicId));
}

/**
 * Replaces the cover (`POST /comics/:id/thumbnail` and its direct pair) through the one upload flow
 * (lib/upload-flow.ts); the previous object is removed once the change committed and the new
 * cover's thumbnail is queued.
 */
export async function setThumbnail(
  deps: ComicsDeps,
  user: SessionUser,
  comicId: number,
  reader: ImageReader<unknown>,
): Promise<TComicDetail> {
  await runImageUpload(deps, reader, {
    ...thumbnailAccess(deps, user, comicId),
    check: checkCover,
    store: (image) => storeCover(deps, image),
    record: ([cover]) =>
      inComicTx(deps.db, user, comicId, "edit", async (tx, access) => {
        const previous = access.comic.thumbnail;
        await repo.updateComic(tx, comicId, { thumbnail: cover!.key, thumbnailSmall: null });
        await comicAudit(tx, user, access.comic, {
          action: "upload_thumbnail",
          before: { thumbnail: previous },
          after: { thumbnail: cover!.key },
        });
        return previous;
      }),
    after: async (previous) => {
      await removeObjects(deps, previous ? [previous, thumbKeyOf(previous)] : []);
      await deps.queueThumbnails?.({ comicIds: [comicId] });
    },
  });
  return getComic(deps, user, comicId);
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
  options: { keepRequestId?: number; requestUserId?: number | null } = {},
): Promise<TMergeResponse["moved"]> {
  const pair = await lockPair(tx, comicId, targetComicId);
  if (!pair.source) throw notFound();
  if (!pair.target) throw fieldError(["targetComicId"], "comics.targetNotFound");
  const moved = await mergeInto(tx, { source: pair.source, target: pair.target }, user.id);
  // Every pending request about the source is moot (the one carrying out this merge excepted).
  const superseded = await repo.supersedePending(tx, comicId, user.id, options.keepRequestId);
  for (const r of superseded) await queueRequestEvent(tx, Number(r.id), "request.superseded");
  moved.requests = superseded.length;
  await notifyRequestsSuperseded(
    tx,
    user,
    superseded.map((r) => Number(r.id)),
    "merge",
  );
  await notifyComicEvent(tx, user, "comic_merged", comicId, {
    targetComicId,
    except: options.requestUserId ? [options.requestUserId] : [],
  });
  const entry = {
    comicId,
    targetComicId,
    // Named as they were at the merge: the source is gone from every list afterwards.
    comicTitle: pair.source.title,
    targetComicTitle: pair.target.title,
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
