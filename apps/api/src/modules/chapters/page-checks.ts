/**
 * The page checks of a chapter (issue 29, `GET /api/chapters/:chapterId/checks`): duplicates within
 * the chapter, pages already in another chapter of the comic, blank pages, misfit widths. Read
 * access as for the chapter itself. Two statements whatever the size: the chapter's pages, then
 * the comic's other pages that share a hash band with one of them (GIN index on `dhash_bands`),
 * compared exactly here. Thresholds and their measurement: docs/page-checks.md.
 */
import type { TChapterChecks, TPageCheckFinding } from "@vt/shared/contracts/page-checks";
import { and, asc, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import type { SessionUser } from "../../auth/session";
import { liveSql } from "../../db/chapter-visibility";
import type { Executor } from "../../db/executor";
import { chapterPages, chapters } from "../../db/schema/chapters";
import { intArray } from "../../db/sql";
import { bandProbes, dhashBands, hamming, hammingWords, hashWords } from "../../lib/page-fingerprint";
import { type ChaptersDeps, chapterAccess } from "./chapter-access";

/** Two hashes this close (differing bits of 64) are the same page (measured: docs/page-checks.md; <= 7 keeps the band lookup at one flipped bit). */
export const DUPLICATE_DISTANCE = 7;
/** A page whose brightness varies less than this (standard deviation, 0-255) is blank. */
export const BLANK_STD = 6;
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

/**
 * The findings of a chapter's pages (in reading order) against the other pages given: pure, so the
 * CLI can run it on local files. `chapterOf` names the other chapters.
 */
export function pageFindings(
  pages: FingerprintedPage[],
  others: OtherPage[],
  chapterOf: (id: number) => { id: number; order: number; name: string },
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
  for (let a = 0; a < idx.length; a++) {
    for (let b = a + 1; b < idx.length; b++) {
      const i = idx[a]!;
      const j = idx[b]!;
      if (hamming(pages[i]!.dhash!, pages[j]!.dhash!) <= DUPLICATE_DISTANCE) parent[root(j)] = root(i);
    }
  }
  const groups = new Map<number, number[]>();
  for (const i of idx) groups.set(root(i), [...(groups.get(root(i)) ?? []), i]);
  for (const g of groups.values()) if (g.length > 1) findings.push({ kind: "duplicate", pages: g.map(ref) });

  // Pages already in another chapter: each other page is compared only with the pages of this
  // chapter whose band probes hold one of its bands (a 300-page chapter probes 20,400 values).
  const byProbe = new Map<number, number[]>();
  for (const i of idx) {
    for (const v of bandProbes(pages[i]!.dhash!, DUPLICATE_DISTANCE))
      byProbe.set(v, [...(byProbe.get(v) ?? []), i]);
  }
  const words = new Map(idx.map((i) => [i, hashWords(pages[i]!.dhash!)]));
  const byChapter = new Map<number, Set<number>>();
  for (const o of others) {
    const near = new Set(dhashBands(o.dhash).flatMap((b) => byProbe.get(b) ?? []));
    if (!near.size) continue;
    const ow = hashWords(o.dhash);
    for (const i of near) {
      if (hammingWords(words.get(i)!, ow) > DUPLICATE_DISTANCE) continue;
      const set = byChapter.get(o.chapterId) ?? new Set<number>();
      set.add(i);
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

/** The comic's pages outside `chapterId` that share a hash band with one of `hashes` (one statement). */
export async function candidates(db: Executor, comicId: number, chapterId: number, hashes: string[]) {
  if (!hashes.length) return [];
  const probes = [...new Set(hashes.flatMap((h) => bandProbes(h, DUPLICATE_DISTANCE)))];
  return db
    .select({
      chapterId: chapterPages.chapterId,
      dhash: sql<string>`${chapterPages.dhash}`,
      order: chapters.order,
      name: chapters.name,
    })
    .from(chapterPages)
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .where(
      and(
        sql`${chapterPages.dhashBands} && ${intArray(probes)}`,
        eq(chapters.comicId, comicId),
        ne(chapterPages.chapterId, chapterId),
        liveSql,
        isNotNull(chapterPages.dhash),
        gte(chapterPages.brightnessStd, BLANK_STD),
      ),
    );
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
  const others = await candidates(deps.db, row.chapter.comicId, chapterId, hashes);
  const names = new Map(others.map((o) => [o.chapterId, { id: o.chapterId, order: o.order, name: o.name }]));
  return {
    chapterId,
    pageCount: pages.length,
    unchecked: pages.filter((p) => p.dhash === null).length,
    findings: pageFindings(pages, others, (id) => names.get(id)!),
  };
}
