/**
 * Rules of authors, artists and characters (contracts/people.ts, docs/permissions.md "People
 * routes"): any signed-in user reads; members of any team create; the creator, members of a team
 * working on it and admins edit; deleting goes through a request. Every change is audited.
 */
import type { TPerson, TPersonListResponse } from "@vt/shared/contracts/people";
import { pageWindow, totalPages } from "@vt/shared/paging";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { myTeams } from "../../db/my-teams";
import type { PersonKind } from "../../db/schema/people";
import { AppError } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit";
import * as repo from "./people.repo";

/** What other modules use of this one: this file is the module's public entry. */
export { deletePerson, findPerson, liveCharacterIds, resolvePeople } from "./people.repo";

export interface PeopleDeps {
  db: Db;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toPerson(row: repo.PersonListRow, user: SessionUser): TPerson {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    comicCount: Number(row.comic_count),
    coupleCount: Number(row.couple_count),
    uploadedBy: row.uploaded_by === null ? null : { id: row.uploaded_by, name: row.uploader_name ?? "" },
    teams: row.teams ?? [],
    canEdit: user.role === "admin" || row.uploaded_by === user.id || row.my_team_works_on_it,
    deleteRequested: row.delete_requested,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

async function teamIdsOf(db: Db, user: SessionUser): Promise<number[]> {
  return (await myTeams(db, user.id)).map((t) => t.id);
}

export async function listPeople(
  deps: PeopleDeps,
  user: SessionUser,
  kind: PersonKind,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<TPersonListResponse> {
  const { rows, total } = await repo.listPeople(deps.db, kind, {
    search: query.search || undefined,
    ...pageWindow(query),
    teamIds: await teamIdsOf(deps.db, user),
  });
  return {
    people: rows.map((r) => toPerson(r, user)),
    totalPages: totalPages(total, query.limit),
    total,
  };
}

export async function getPerson(deps: PeopleDeps, user: SessionUser, kind: PersonKind, id: number) {
  const row = await repo.getPerson(deps.db, kind, id, await teamIdsOf(deps.db, user));
  if (!row) throw new AppError("NOT_FOUND");
  return toPerson(row, user);
}

export async function createPerson(
  deps: PeopleDeps,
  user: SessionUser,
  kind: PersonKind,
  input: { name: string },
): Promise<TPerson> {
  if (user.role !== "admin" && (await teamIdsOf(deps.db, user)).length === 0) {
    throw new AppError("FORBIDDEN", "people.teamRequired");
  }
  const id = await deps.db.transaction(async (tx) => {
    const row = await repo.insertPerson(tx, kind, input.name, user.id);
    if (!row) throw new AppError("CONFLICT", "people.nameTaken");
    await writeAudit(tx, {
      actorId: user.id,
      teamId: null,
      entity: "person",
      entityId: row.id,
      action: "create",
      after: { kind, name: row.name },
    });
    return row.id;
  });
  return getPerson(deps, user, kind, id);
}

export async function renamePerson(
  deps: PeopleDeps,
  user: SessionUser,
  kind: PersonKind,
  id: number,
  input: { name: string },
): Promise<TPerson> {
  const current = await getPerson(deps, user, kind, id);
  if (!current.canEdit) throw new AppError("FORBIDDEN");
  if (current.name !== input.name) {
    await deps.db.transaction(async (tx) => {
      const clash = await repo.findByName(tx, kind, input.name);
      if (clash && clash.id !== id) throw new AppError("CONFLICT", "people.nameTaken");
      try {
        await repo.renamePerson(tx, id, input.name);
      } catch (error) {
        if ((error as { code?: string }).code === "23505") throw new AppError("CONFLICT", "people.nameTaken");
        throw error;
      }
      await writeAudit(tx, {
        actorId: user.id,
        teamId: null,
        entity: "person",
        entityId: id,
        action: "update",
        before: { name: current.name },
        after: { name: input.name },
      });
    });
  }
  return getPerson(deps, user, kind, id);
}
