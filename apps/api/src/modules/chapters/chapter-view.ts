import type { TChapterPage } from "@vt/shared/contracts/chapter-pages";
import { chapterState, type TChapter, type TChapterDetail } from "@vt/shared/contracts/chapters";
import type { Executor } from "../../db/executor";
import { ABSOLUTE_URL, type ChaptersDeps, ms, notFound } from "./chapter-access";
import * as repo from "./chapters.repo";

// ── Mapping ───────────────────────────────────────────────────────────────────

export function pageSrc(deps: ChaptersDeps, url: string): string {
  return ABSOLUTE_URL.test(url) ? url : deps.storage.publicUrl(url);
}

export function toPage(deps: ChaptersDeps, p: repo.PageRow): TChapterPage & { id: number } {
  return {
    id: p.id,
    url: p.url,
    ...(p.scrambleKey ? { key: p.scrambleKey } : {}),
    src: pageSrc(deps, p.url),
    ...(p.thumb ? { thumbSrc: deps.storage.publicUrl(p.thumb) } : {}),
    width: p.width,
    height: p.height,
    clientId: p.clientId,
    staged: p.staged,
  };
}

export function toChapter(
  row: repo.ChapterListRow,
  collaborating: { id: number; name: string }[],
  now = Date.now(),
): TChapter {
  const c = row.chapter;
  const publishedAt = c.status === "published" ? ms(c.publishedAt) : null;
  const planned = c.status === "published" ? publishedAt : ms(c.publishAt);
  return {
    id: c.id,
    comicId: c.comicId,
    order: c.order,
    name: c.name,
    volume: c.volume,
    publishedAt,
    lastUpdated: ms(c.updatedAt)!,
    version: c.version,
    team: { id: c.teamId, name: row.teamName },
    hideOrder: c.hideOrder,
    hideDefaultOrder: c.hideDefaultOrder,
    hidden: c.hidden,
    status: c.status,
    state: chapterState({ status: c.status, hidden: c.hidden, publishedAt }, now),
    publishAt: planned !== null && planned > now ? planned : null,
    donateTeamIds: c.donateTeamIds,
    creditTeamIds: c.creditTeamIds,
    hideDonate: c.hideDonate,
    hideCredit: c.hideCredit,
    collaboratingTeams: collaborating,
    scrambled: c.scrambled,
    config: c.config,
    pageCount: row.pageCount,
    createdAt: ms(c.createdAt)!,
  };
}

export function groupTeams(rows: repo.TeamRefRow[]): Map<number, { id: number; name: string }[]> {
  const map = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) {
    const list = map.get(r.chapterId) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.chapterId, list);
  }
  return map;
}

export async function loadDetail(
  deps: ChaptersDeps,
  db: Executor,
  chapterId: number,
): Promise<TChapterDetail> {
  const row = await repo.findChapter(db, chapterId);
  if (!row) throw notFound();
  const [teams, pages] = await Promise.all([
    repo.collaboratingTeamsOf(db, [chapterId]),
    repo.pagesOf(db, chapterId),
  ]);
  return {
    ...toChapter(row, groupTeams(teams).get(chapterId) ?? []),
    pages: pages.map((p) => toPage(deps, p)),
  };
}
