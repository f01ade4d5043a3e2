/**
 * Requests a team files about a comic or a person, and their review by platform admins
 * (docs/permissions.md, "Request routes"). Every request keeps team, user, reason and a status
 * (`pending` until reviewed). One pending request per type, team and subject: a duplicate is 409
 * with `comics.requestPending.<type>`.
 *
 * - permission: a team of mine that may NOT upload to the comic yet asks for it (approve grants it).
 * - delete / merge: a team of mine that may upload to the comic asks for it (approve deletes / merges).
 * - person-delete: a team of mine asks to delete an author, artist or character (approve deletes it).
 */

import type { TComicRequest, TRequestListResponse, TRequestType } from "@vt/shared/contracts/comics";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import type { PersonKind } from "../../db/schema/people";
import { AppError } from "../../lib/app-error";
import { type Tx, writeAudit } from "../audit/audit.repo";
import * as comicsRepo from "../comics/comics.repo";
import { comicAccess, comicAudit, mergeInTx } from "../comics/comics.service";
import { deletePerson, findPerson } from "../people/people.repo";
import { fieldError } from "../teams/teams.service";
import * as repo from "./requests.repo";

export interface RequestsDeps {
  db: Db;
}

const notFound = () => new AppError("NOT_FOUND");
const iso = (d: Date | string) => new Date(d).toISOString();

export function toRequest(row: repo.RequestViewRow): TComicRequest {
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
  return toRequest((await repo.viewRequest(tx, row.id))!);
}

/** A team of mine (any role; admins: any live team), else 404 naming nothing. */
async function myTeam(db: Db | Tx, user: SessionUser, teamId: number) {
  const teams = await comicsRepo.myTeams(db, user.id);
  const team =
    teams.find((t) => t.id === teamId) ??
    (user.role === "admin" ? await comicsRepo.findTeam(db, teamId) : undefined);
  if (!team) throw fieldError(["teamId"], "validation.teamRequired");
  return team;
}

export async function requestPermission(
  deps: RequestsDeps,
  user: SessionUser,
  comicId: number,
  input: { teamId: number; reason: string },
): Promise<TComicRequest> {
  return deps.db.transaction(async (tx) => {
    const access = await comicsRepo.findComicAccess(tx, comicId, user.id);
    if (!access) throw notFound();
    const team = await myTeam(tx, user, input.teamId);
    if (await comicsRepo.teamCanUpload(tx, access.comic, team.id)) {
      throw new AppError("CONFLICT", "comics.alreadyCanUpload");
    }
    return file(tx, user, {
      type: "permission",
      teamId: team.id,
      userId: user.id,
      comicId,
      reason: input.reason,
    });
  });
}

/** The team must be one of mine that may upload to the comic (403 otherwise). */
async function uploadTeam(tx: Tx, user: SessionUser, comicId: number, teamId: number) {
  const access = await comicAccess(tx, user, comicId, "view");
  const mine = access.uploadTeams.some((t) => t.id === teamId);
  if (!mine && !(access.isAdmin && (await comicsRepo.teamCanUpload(tx, access.comic, teamId)))) {
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
    const target = await comicsRepo.findComicAccess(tx, input.targetComicId, user.id);
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
    scope: "mine" | "all";
    type?: TRequestType | undefined;
    status?: TComicRequest["status"] | undefined;
    comicId?: number | undefined;
  },
): Promise<TRequestListResponse> {
  if (query.scope === "all" && user.role !== "admin") throw new AppError("FORBIDDEN");
  const teamIds =
    query.scope === "all" ? undefined : (await comicsRepo.myTeams(deps.db, user.id)).map((t) => t.id);
  const { rows, total } = await repo.listRequests(deps.db, {
    teamIds,
    type: query.type,
    status: query.status,
    comicId: query.comicId,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { requests: rows.map(toRequest), totalPages: Math.max(1, Math.ceil(total / query.limit)), total };
}

// ── Review (platform admins) ─────────────────────────────────────────────────

export async function reviewRequest(
  deps: RequestsDeps,
  user: SessionUser,
  requestId: number,
  decision: "approve" | "reject",
): Promise<TComicRequest> {
  if (user.role !== "admin") throw new AppError("FORBIDDEN");
  await deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, requestId);
    if (!request) throw notFound();
    if (request.status !== "pending") throw new AppError("CONFLICT", "requests.notPending");
    if (decision === "approve") {
      if (request.type === "permission") {
        const comic = await comicsRepo.findComicAccess(tx, request.comicId!, user.id, { lock: true });
        if (!comic) throw notFound();
        if (request.teamId !== comic.comic.teamId) {
          await comicsRepo.setCollaborator(tx, comic.comic.id, request.teamId, "granted", user.id);
        }
        await comicAudit(tx, user, comic.comic, {
          action: "grant_upload",
          after: { teamId: request.teamId },
        });
      } else if (request.type === "delete") {
        const comic = await comicsRepo.findComicAccess(tx, request.comicId!, user.id, { lock: true });
        if (!comic) throw notFound();
        await comicsRepo.updateComic(tx, comic.comic.id, { deletedAt: new Date(), deletedBy: user.id });
        await comicsRepo.closePendingRequests(tx, comic.comic.id, user.id);
        await comicAudit(tx, user, comic.comic, { action: "delete", after: { requestId } });
      } else if (request.type === "merge") {
        await mergeInTx(tx, user, request.comicId!, request.targetComicId!);
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
    await repo.setStatus(tx, requestId, decision === "approve" ? "approved" : "rejected", user.id);
    await writeAudit(tx, {
      actorId: user.id,
      teamId: request.teamId,
      entity: "request",
      entityId: requestId,
      action: decision,
      before: { status: "pending" },
      after: { status: decision === "approve" ? "approved" : "rejected" },
    });
  });
  return toRequest((await repo.viewRequest(deps.db, requestId))!);
}
