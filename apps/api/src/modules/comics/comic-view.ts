/** How a comic is answered: list items, the detail with its people, genres and teams. */
import type { TComicDetail, TComicListItem, TComicTeam } from "@vt/shared/contracts/comics";
import type { Executor } from "../../db/executor";
import type { ComicAccess, ComicsDeps } from "./comic-access";
import type { ComicRow } from "./comics.repo";
import * as repo from "./comics.repo";
import type { ComicListRow } from "./comics-list.repo";

// ── Mapping ───────────────────────────────────────────────────────────────────

/** A UTC timestamp as PostgreSQL writes it (DateStyle ISO): `2026-11-29 04:00:00.123456+00`. */
const PG_UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamp as ISO 8601 in UTC with milliseconds (what `Date.toISOString` writes). PostgreSQL's
 * UTC text is rewritten directly, its fraction cut to milliseconds as `Date` cuts it: parsing it
 * with `Date` took 6 times as long, 40 times per page of the comic list. Anything else goes
 * through `Date`.
 */
export const iso = (d: Date | string) => {
  const utc = typeof d === "string" ? PG_UTC_TIMESTAMP.exec(d) : null;
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? "").padEnd(3, "0").slice(0, 3)}Z`;
  return new Date(d).toISOString();
};

export function publicUrl(deps: ComicsDeps, key: string | null): string | null {
  return key ? deps.storage.publicUrl(key) : null;
}

export function siteUrl(deps: ComicsDeps, comic: ComicRow): string | null {
  const base = comic.isMature ? (deps.config.matureSiteUrl ?? deps.config.siteUrl) : deps.config.siteUrl;
  return base ? `${base.replace(/\/$/, "")}/comics/${comic.id}` : null;
}

export function toListItem(deps: ComicsDeps, row: ComicListRow): TComicListItem {
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

export const toComicTeam = (r: repo.CollaboratorRow): TComicTeam => ({
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

export function infoOf(comic: ComicRow): repo.ComicInfo {
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
