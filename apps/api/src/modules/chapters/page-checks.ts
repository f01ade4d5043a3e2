/**
 * The page checks of a chapter (docs/page-checks.md, `GET /api/chapters/:chapterId/checks`):
 * duplicates within the chapter, pages already in another chapter of the comic, blank pages, misfit
 * widths. Read access as for the chapter itself. Two statements whatever the size: the chapter's
 * pages, then the comic's other pages within the distance of one of them (./page-bands.ts); and the
 * credit pages appended to the chapter. Thresholds and their measurement: docs/page-checks.md.
 */
import type { TChapterChecks, TPageCheckFinding } from "@vt/shared/contracts/page-checks";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { SessionUser } from "../../auth/session";
import type { Executor } from "../../db/executor";
import { chapterPages, chapterTeams } from "../../db/schema/chapters";
import { teamCredit, teams } from "../../db/schema/teams";
import { hamming, hammingWords, hashWords } from "../../lib/page-fingerprint";
import { type ChaptersDeps, chapterAccess } from "./chapter-access";
import { BLANK_STD, DUPLICATE_DISTANCE, findPagesSharingBands } from "./page-bands";

export { BLANK_STD, DUPLICATE_DISTANCE };
/** A page this much wider or narrower than the chapter's median width (fraction) does not fit. */
export const WIDTH_TOLERANCE = 0.25;
/** Narrower pages are too small to read. */
export const MIN_WIDTH = 600;

export interface FingerprintedPage {
  id: number;
  width: number | null;
  dhash: string | null;
  brightnessStd: number | null;
}

interface OtherPage {
  chapterId: number;
  dhash: string;
}

function comparable(p: FingerprintedPage): p is FingerprintedPage & { dhash: string } {
  return p.dhash !== null && (p.brightnessStd ?? 0) >= BLANK_STD;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
}

/** A team whose credit pages are appended to the chapter, with their dHashes. */
export interface AppendedCredit {
  team: { id: number; name: string };
  hashes: string[];
}

/**
 * The findings of a chapter's pages (in reading order) against the other pages given: pure, so the
 * CLI can run it on local files. `chapterOf` names the other chapters; `credits` are the credit
 * pages appended to the chapter (a chapter page that is one of them is a `credit` finding).
 */
export function pageFindings(
  pages: FingerprintedPage[],
  others: OtherPage[],
  chapterOf: (id: number) => { id: number; order: number; name: string },
  credits: AppendedCredit[] = [],
): TPageCheckFinding[] {
  const ref = (i: number) => ({ id: pages[i]!.id, position: i + 1 });
  const findings: TPageCheckFinding[] = [];

  // Duplicates: groups of pages within the distance of each other (union-find over close pairs).
  const parent = pages.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r]!;
    return r;
  };
  const idx = pages.map((_, i) => i).filter((i) => comparable(pages[i]!));
  // Each hash as two words once: a 300-page chapter compares 44,850 pairs.
  const words = idx.map((i) => hashWords(pages[i]!.dhash!));
  for (let a = 0; a < idx.length; a++) {
    const wa = words[a]!;
    for (let b = a + 1; b < idx.length; b++) {
      if (hammingWords(wa, words[b]!) <= DUPLICATE_DISTANCE) parent[root(idx[b]!)] = root(idx[a]!);
    }
  }
  const groups = new Map<number, number[]>();
  for (const i of idx) groups.set(root(i), [...(groups.get(root(i)) ?? []), i]);
  for (const g of groups.values()) if (g.length > 1) findings.push({ kind: "duplicate", pages: g.map(ref) });

  // Pages already in another chapter: the other pages given are few (the comic's pages near one of
  // this chapter's, ./page-bands.ts), so each is compared with every page of the chapter.
  const byChapter = new Map<number, Set<number>>();
  for (const o of others) {
    const ow = hashWords(o.dhash);
    for (let k = 0; k < idx.length; k++) {
      if (hammingWords(words[k]!, ow) > DUPLICATE_DISTANCE) continue;
      const set = byChapter.get(o.chapterId) ?? new Set<number>();
      set.add(idx[k]!);
      byChapter.set(o.chapterId, set);
    }
  }
  const total = idx.length;
  [...byChapter.entries()]
    .sort((a, b) => b[1].size - a[1].size || a[0] - b[0])
    .forEach(([chapterId, set]) => {
      const matched = [...set].sort((a, b) => a - b);
      findings.push({
        kind: "otherChapter",
        chapter: chapterOf(chapterId),
        pages: matched.map(ref),
        matched: matched.length,
        total,
      });
    });

  // The team's credit page uploaded as a chapter page while the team appends it anyway.
  for (const credit of credits) {
    const own = idx.filter((i) =>
      credit.hashes.some((h) => hamming(h, pages[i]!.dhash!) <= DUPLICATE_DISTANCE),
    );
    if (own.length) findings.push({ kind: "credit", pages: own.map(ref), team: credit.team });
  }

  pages.forEach((p, i) => {
    if (p.dhash !== null && (p.brightnessStd ?? 0) < BLANK_STD)
      findings.push({ kind: "blank", pages: [ref(i)] });
  });

  // Widths: below the usable width, else far from the chapter's median.
  const widths = pages.map((p) => p.width).filter((w): w is number => w !== null && w > 0);
  const medianWidth = widths.length ? median(widths) : 0;
  pages.forEach((p, i) => {
    if (!p.width) return;
    if (p.width < MIN_WIDTH) {
      findings.push({ kind: "narrow", pages: [ref(i)], width: p.width, minWidth: MIN_WIDTH });
    } else if (Math.abs(p.width - medianWidth) > WIDTH_TOLERANCE * medianWidth) {
      findings.push({ kind: "width", pages: [ref(i)], width: p.width, medianWidth });
    }
  });
  return findings;
}

/**
 * The credit pages readers see after this chapter: unless the chapter hides them, those of the
 * teams it names for credit (none named: its own team and its collaborating teams) whose credit is
 * on, with the dHashes made when they were uploaded. A chapter not created yet (`id: null`, the
 * bulk-import preview) has no collaborating teams.
 */
export async function appendedCredits(
  db: Executor,
  chapter: { id: number | null; teamId: number; creditTeamIds: number[]; hideCredit: boolean },
): Promise<AppendedCredit[]> {
  if (chapter.hideCredit) return [];
  const named = chapter.creditTeamIds.length > 0;
  const chapterId = chapter.id;
  const rows = await db
    .select({ id: teams.id, name: teams.name, pages: teamCredit.pages, pageHashes: teamCredit.pageHashes })
    .from(teamCredit)
    .innerJoin(teams, eq(teams.id, teamCredit.teamId))
    .where(
      and(
        eq(teamCredit.enabled, true),
        named
          ? inArray(teamCredit.teamId, chapter.creditTeamIds)
          : chapterId === null
            ? eq(teamCredit.teamId, chapter.teamId)
            : or(
                eq(teamCredit.teamId, chapter.teamId),
                inArray(
                  teamCredit.teamId,
                  db
                    .select({ id: chapterTeams.teamId })
                    .from(chapterTeams)
                    .where(eq(chapterTeams.chapterId, chapterId)),
                ),
              ),
      ),
    )
    .orderBy(teams.id);
  return rows
    .map((r) => ({
      team: { id: r.id, name: r.name },
      hashes: r.pages.flatMap((key) => (r.pageHashes[key] ? [r.pageHashes[key]] : [])),
    }))
    .filter((c) => c.hashes.length > 0);
}

export async function chapterChecks(
  deps: ChaptersDeps,
  user: SessionUser,
  chapterId: number,
): Promise<TChapterChecks> {
  const { row } = await chapterAccess(deps.db, user, chapterId);
  const pages = await deps.db
    .select({
      id: chapterPages.id,
      width: chapterPages.width,
      dhash: chapterPages.dhash,
      brightnessStd: chapterPages.brightnessStd,
    })
    .from(chapterPages)
    .where(eq(chapterPages.chapterId, chapterId))
    .orderBy(asc(chapterPages.staged), asc(chapterPages.position), asc(chapterPages.id));
  const hashes = pages.filter(comparable).map((p) => p.dhash);
  const others = await findPagesSharingBands(deps.db, row.chapter.comicId, hashes, chapterId);
  const credits = await appendedCredits(deps.db, row.chapter);
  const names = new Map(others.map((o) => [o.chapterId, { id: o.chapterId, order: o.order, name: o.name }]));
  return {
    chapterId,
    pageCount: pages.length,
    unchecked: pages.filter((p) => p.dhash === null).length,
    findings: pageFindings(pages, others, (id) => names.get(id)!, credits),
  };
}
