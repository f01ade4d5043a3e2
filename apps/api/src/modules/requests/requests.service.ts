/**
 * Requests a team files about a comic or a person, and their review (docs/requests.md for the
 * lifecycle, docs/permissions.md "Request routes"). Every request keeps team, user, reason and a
 * status: `pending`, then `approved` | `rejected` (with a note) | `cancelled` (by its team) |
 * `superseded` (a merge or delete of its comic made it moot). One pending request per type, team
 * and subject: a duplicate is 409 with `comics.requestPending.<type>`.
 *
 * - permission: a team of mine that may NOT upload to the comic yet asks for it. Reviewed by the
 *   owning team's owner and managers, and admins; approval makes the team a collaborator (granted).
 * - delete / merge: a team of mine that may upload to the comic asks for it. Reviewed by admins;
 *   approval moves the comic to the trash / performs the merge.
 * - person-delete: a team of mine asks to delete an author, artist or character (admins review).
 * - cancel: any member of the requesting team (or an admin), while pending.
 */

import type { TRequestType } from "@vt/shared/contracts/comics";
import type { TComicRequest, TRequestCounts, TRequestListResponse } from "@vt/shared/contracts/requests";
import { pageWindow, totalPages } from "@vt/shared/paging";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import type { Executor, Tx } from "../../db/executor";
import { myTeams } from "../../db/my-teams";
import type { PersonKind } from "../../db/schema/people";
import { AppError, fieldError } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit";
import {
  comicAccess,
  comicAudit,
  findComicAccess,
  findTeam,
  lockComics,
  mergeInTx,
  setCollaborator,
  teamCanUpload,
  trashComic,
} from "../comics/comics.service";
import {
  markRequestActedOn,
  notifyRequestDecided,
  notifyRequestFiled,
} from "../notifications/notifications.service";
import { deletePerson, findPerson } from "../people/people.service";
import { queueRequestEvent } from "../webhooks/webhooks-events.service";
import * as repo from "./requests.repo";

export interface RequestsDeps {
  db: Db;
}

const notFound = () => new AppError("NOT_FOUND");
const iso = (d: Date | string) => new Date(d).toISOString();

/** The caller's teams, and the ones where they may review permission requests (owner, manager). */
export interface RequestViewer {
  isAdmin: boolean;
  teamIds: number[];
  reviewTeamIds: number[];
}

export async function viewerOf(db: Executor, user: SessionUser): Promise<RequestViewer> {
  const teams = await myTeams(db, user.id);
  return {
    isAdmin: user.role === "admin",
    teamIds: teams.map((t) => t.id),
    reviewTeamIds: teams.filter((t) => t.role === "owner" || t.role === "manager").map((t) => t.id),
  };
}

/** Reviewers: admins for everything; the owning team's owner and managers for permission requests. */
export function mayReview(viewer: RequestViewer, row: Pick<repo.RequestViewRow, "type" | "comic_team_id">) {
  if (viewer.isAdmin) return true;
  return (
    row.type === "permission" &&
    row.comic_team_id !== null &&
    viewer.reviewTeamIds.includes(row.comic_team_id)
  );
}

/**
 * Who sees a request: its team's members, its reviewers, admins. The one rule for reading a
 * request (GET /api/requests/:id, review, cancel) and for its rows in a comic's History
 * (visibleRequestIdsAbout); docs/requests.md, "Who sees a request".
 */
function maySee(viewer: RequestViewer, row: Pick<repo.RequestViewRow, "team_id" | "type" | "comic_team_id">) {
  return viewer.teamIds.includes(row.team_id) || mayReview(viewer, row);
}

/** Ids of the requests about a comic (as subject or merge target) the user may see (maySee). */
export async function visibleRequestIdsAbout(db: Executor, user: SessionUser, comicId: number) {
  const viewer = await viewerOf(db, user);
  const rows = await repo.requestsAbout(db, comicId);
  return rows.filter((row) => maySee(viewer, row)).map((row) => row.id);
}

export function toRequest(row: repo.RequestViewRow, viewer?: RequestViewer): TComicRequest {
  const pending = row.status === "pending";
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    reason: row.reason,
    team: { id: row.team_id, name: row.team_name },
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? "" },
    comic: row.comic_id === null ? null : { id: row.comic_id, title: row.comic_title ?? "" },
    targetComic:
      row.target_comic_id === null ? null : { id: row.target_comic_id, title: row.target_title ?? "" },
    person:
      row.person_id === null || row.person_kind === null
        ? null
        : { id: row.person_id, name: row.person_name ?? "", kind: row.person_kind },
    createdAt: iso(row.created_at),
    reviewedAt: row.reviewed_at === null ? null : iso(row.reviewed_at),
    reviewedBy: row.reviewed_by === null ? null : { id: row.reviewed_by, name: row.reviewer_name ?? "" },
    note: row.note,
    can: {
      review: pending && viewer !== undefined && mayReview(viewer, row),
      cancel: pending && viewer !== undefined && (viewer.isAdmin || viewer.teamIds.includes(row.team_id)),
    },
  };
}

/** Inserts the pending request (409 on a duplicate) and its audit entry; answers the stored request. */
async function file(
  tx: Tx,
  user: SessionUser,
  values: Parameters<typeof repo.insertPending>[1],
): Promise<TComicRequest> {
  const row = await repo.insertPending(tx, values);
  if (!row) throw new AppError("CONFLICT", `comics.requestPending.${values.type}`);
  await writeAudit(tx, {
    actorId: user.id,
    teamId: values.teamId,
    entity: "request",
    entityId: row.id,
    action: "create",
    after: {
      type: row.type,
      comicId: row.comicId,
      targetComicId: row.targetComicId,
      personId: row.personId,
      reason: row.reason,
    },
  });
  const view = (await repo.viewRequest(tx, row.id))!;
  await notifyRequestFiled(tx, user, view);
  await queueRequestEvent(tx, row.id, "request.filed");
  return toRequest(view, await viewerOf(tx, user));
}

/** A team of mine (any role; admins: any live team), else 404 naming nothing. */
async function myTeam(db: Db | Tx, user: SessionUser, teamId: number) {
  const teams = await myTeams(db, user.id);
  const team =
    teams.find((t) => t.id === teamId) ?? (user.role === "admin" ? await findTeam(db, teamId) : undefined);
  if (!team) throw fieldError(["teamId"], "validation.teamRequired");
  return team;
}

export async function requestPermission(
  deps: RequestsDeps,
  user: SessionUser,
  comicId: number,
  input: { teamId?: number | undefined; reason: string } | undefined,
): Promise<TComicRequest> {
  return deps.db.transaction(async (tx) => {
    const access = await findComicAccess(tx, comicId, user.id);
    if (!access) throw notFound();
    let teamId = input?.teamId;
    if (teamId === undefined) {
      // No body (docs/requests.md, "Lifecycle"). The caller's teams that may not upload yet;
      // exactly one, or choose.
      const teams = await myTeams(tx, user.id);
      if (teams.length === 0) throw fieldError(["teamId"], "review.noTeam");
      if (teams.length > 1) throw fieldError(["teamId"], "review.chooseTeam");
      teamId = teams[0]!.id;
    }
    const team = await myTeam(tx, user, teamId);
    if (await teamCanUpload(tx, access.comic, team.id)) {
      throw new AppError("CONFLICT", "comics.alreadyCanUpload");
    }
    return file(tx, user, {
      type: "permission",
      teamId: team.id,
      userId: user.id,
      comicId,
      reason: input?.reason ?? "",
    });
  });
}

/** The team must be one of mine that may upload to the comic (403 otherwise). */
async function uploadTeam(tx: Tx, user: SessionUser, comicId: number, teamId: number) {
  const access = await comicAccess(tx, user, comicId, "view");
  const mine = access.uploadTeams.some((t) => t.id === teamId);
  if (!mine && !(access.isAdmin && (await teamCanUpload(tx, access.comic, teamId)))) {
    throw new AppError("FORBIDDEN", "comics.teamCannotUpload");
  }
  return access;
}

export async function requestDelete(
  deps: RequestsDeps,
  user: SessionUser,
  input: { comicId: number; teamId: number; reason: string },
): Promise<TComicRequest> {
  return deps.db.transaction(async (tx) => {
    await uploadTeam(tx, user, input.comicId, input.teamId);
    return file(tx, user, { type: "delete", ...input, userId: user.id });
  });
}

export async function requestMerge(
  deps: RequestsDeps,
  user: SessionUser,
  input: { comicId: number; targetComicId: number; teamId: number; reason: string },
): Promise<TComicRequest> {
  return deps.db.transaction(async (tx) => {
    await uploadTeam(tx, user, input.comicId, input.teamId);
    const target = await findComicAccess(tx, input.targetComicId, user.id);
    if (!target) throw fieldError(["targetComicId"], "comics.targetNotFound");
    return file(tx, user, { type: "merge", ...input, userId: user.id });
  });
}

export async function requestPersonDelete(
  deps: RequestsDeps,
  user: SessionUser,
  kind: PersonKind,
  personId: number,
  input: { teamId: number; reason: string },
): Promise<TComicRequest> {
  return deps.db.transaction(async (tx) => {
    if (!(await findPerson(tx, kind, personId))) throw notFound();
    const team = await myTeam(tx, user, input.teamId);
    return file(tx, user, {
      type: "person-delete",
      teamId: team.id,
      userId: user.id,
      personId,
      reason: input.reason,
    });
  });
}

export async function listRequests(
  deps: RequestsDeps,
  user: SessionUser,
  query: {
    page: number;
    limit: number;
    scope: "mine" | "review" | "all";
    type?: TRequestType | undefined;
    status?: TComicRequest["status"] | undefined;
    comicId?: number | undefined;
  },
): Promise<TRequestListResponse> {
  const viewer = await viewerOf(deps.db, user);
  if (query.scope === "all" && !viewer.isAdmin) throw new AppError("FORBIDDEN");
  const { rows, total } = await repo.listRequests(deps.db, {
    ...scopeFilter(viewer, query.scope),
    type: query.type,
    status: query.status,
    comicId: query.comicId,
    ...pageWindow(query),
  });
  return {
    requests: rows.map((r) => toRequest(r, viewer)),
    totalPages: totalPages(total, query.limit),
    total,
  };
}

function scopeFilter(viewer: RequestViewer, scope: "mine" | "review" | "all"): Partial<repo.RequestFilters> {
  if (scope === "mine") return { teamIds: viewer.teamIds };
  if (scope === "review" && !viewer.isAdmin) return { reviewTeamIds: viewer.reviewTeamIds };
  return {};
}

/** Pending counts for the sidebar: requests of my teams, and requests I may review. */
export async function requestCounts(deps: RequestsDeps, user: SessionUser): Promise<TRequestCounts> {
  const viewer = await viewerOf(deps.db, user);
  const sent = await repo.countRequests(deps.db, { ...scopeFilter(viewer, "mine"), status: "pending" });
  const review = await repo.countRequests(deps.db, { ...scopeFilter(viewer, "review"), status: "pending" });
  return { sent, review };
}

/** One request, for its team, its reviewers and admins; 404 for anyone else. */
export async function getRequest(deps: RequestsDeps, user: SessionUser, id: number): Promise<TComicRequest> {
  const viewer = await viewerOf(deps.db, user);
  const row = await repo.viewRequest(deps.db, id);
  if (!row || !maySee(viewer, row)) throw notFound();
  return toRequest(row, viewer);
}

// ── Review and cancel ────────────────────────────────────────────────────────

/** Locks a pending request the caller may see; 404 when not visible, 409 when already settled. */
async function lockVisible(tx: Tx, viewer: RequestViewer, requestId: number) {
  const request = await repo.lockRequest(tx, requestId);
  const view = request ? await repo.viewRequest(tx, requestId) : undefined;
  if (!request || !view || !maySee(viewer, view)) throw notFound();
  return { request, view };
}

export async function reviewRequest(
  deps: RequestsDeps,
  user: SessionUser,
  requestId: number,
  decision: "approve" | "reject",
  note = "",
): Promise<TComicRequest> {
  const viewer = await viewerOf(deps.db, user);
  await deps.db.transaction(async (tx) => {
    // Comics first, then the request: the order of every change that settles a comic's requests.
    const about = await repo.viewRequest(tx, requestId);
    if (about) await lockComics(tx, [about.comic_id, about.target_comic_id]);
    const { request, view } = await lockVisible(tx, viewer, requestId);
    if (!mayReview(viewer, view)) throw new AppError("FORBIDDEN");
    if (request.status !== "pending") throw new AppError("CONFLICT", "requests.notPending");
    if (decision === "approve") await carryOut(tx, user, request);
    const status = decision === "approve" ? "approved" : "rejected";
    await repo.setStatus(tx, requestId, status, user.id, note);
    await writeAudit(tx, {
      actorId: user.id,
      teamId: request.teamId,
      entity: "request",
      entityId: requestId,
      action: decision,
      before: { status: "pending" },
      after: { status, ...(note ? { note } : {}) },
    });
    await notifyRequestDecided(tx, user, (await repo.viewRequest(tx, requestId))!);
    await queueRequestEvent(tx, requestId, "request.decided");
    await markRequestActedOn(tx, user, requestId);
  });
  return toRequest((await repo.viewRequest(deps.db, requestId))!, viewer);
}

/** What approving a request does, in the review's transaction. */
async function carryOut(tx: Tx, user: SessionUser, request: repo.RequestRow) {
  const requestId = request.id;
  if (request.type === "permission") {
    const comic = await findComicAccess(tx, request.comicId!, user.id, { lock: true });
    if (!comic) throw notFound();
    if (request.teamId !== comic.comic.teamId) {
      await setCollaborator(tx, comic.comic.id, request.teamId, "granted", user.id);
    }
    await comicAudit(tx, user, comic.comic, {
      action: "grant_upload",
      after: {
        teamId: request.teamId,
        teamName: (await findTeam(tx, request.teamId))?.name ?? "",
        requestId,
      },
    });
  } else if (request.type === "delete") {
    const comic = await findComicAccess(tx, request.comicId!, user.id, { lock: true });
    if (!comic) throw notFound();
    await trashComic(tx, user, comic.comic.id, request);
    await comicAudit(tx, user, comic.comic, { action: "delete", after: { requestId } });
  } else if (request.type === "merge") {
    await mergeInTx(tx, user, request.comicId!, request.targetComicId!, {
      keepRequestId: requestId,
      requestUserId: request.userId,
    });
  } else {
    await deletePerson(tx, request.personId!);
    await writeAudit(tx, {
      actorId: user.id,
      teamId: null,
      entity: "person",
      entityId: request.personId,
      action: "delete",
      after: { requestId },
    });
  }
}

export async function cancelRequest(
  deps: RequestsDeps,
  user: SessionUser,
  requestId: number,
): Promise<TComicRequest> {
  const viewer = await viewerOf(deps.db, user);
  await deps.db.transaction(async (tx) => {
    const { request } = await lockVisible(tx, viewer, requestId);
    if (!viewer.isAdmin && !viewer.teamIds.includes(request.teamId)) throw new AppError("FORBIDDEN");
    if (request.status !== "pending") throw new AppError("CONFLICT", "requests.notPending");
    await repo.setStatus(tx, requestId, "cancelled", user.id);
    await writeAudit(tx, {
      actorId: user.id,
      teamId: request.teamId,
      entity: "request",
      entityId: requestId,
      action: "cancel",
      before: { status: "pending" },
      after: { status: "cancelled" },
    });
    await markRequestActedOn(tx, user, requestId);
  });
  return toRequest((await repo.viewRequest(deps.db, requestId))!, viewer);
}
