/**
 * The cross-chapter lookup of the page checks (docs/page-checks.md, "Cost for a large comic"):
 * the pages of a comic within DUPLICATE_DISTANCE of any of a list of dHashes, in one statement.
 * Each hash is cut into 4 bands of 16 bits; two hashes that close share a band up to one flipped
 * bit, so each hash probes its 4 bands and their 16 one-bit variants (68 values, made in the
 * statement: `bandProbes` in SQL) in `page_hash_bands` (a B-tree on comic, band value, hash, page;
 * migration 0022_page_hash_bands, kept by triggers), one index scan per hash. The exact distance
 * is computed on the index rows, so only real matches are read from `chapter_pages`. Used by the chapter checks and by anything that checks fingerprints
 * against a comic (bulk-import preview, CLI dry run).
 */
import { sql } from "drizzle-orm";
import { liveSql } from "../../db/chapter-visibility";
import type { Executor } from "../../db/executor";
import { chapterPages, chapters } from "../../db/schema/chapters";
import { BANDS } from "../../lib/page-fingerprint";

/** Two hashes this close (differing bits of 64) are the same page (measured: docs/page-checks.md; <= 7 keeps the band lookup at one flipped bit). */
export const DUPLICATE_DISTANCE = 7;
/** A page whose brightness varies less than this (standard deviation, 0-255) is blank. */
export const BLANK_STD = 6;

export interface NearPage {
  pageId: number;
  chapterId: number;
  /** 16 hex digits. */
  dhash: string;
  /** The page's chapter: its order and name, to name it in a finding. */
  order: number;
  name: string;
}

/** A dHash (16 hex digits) as the signed 64-bit integer `page_hash_bands.dhash` holds. */
export function dhashInt(dhash: string): bigint {
  return BigInt.asIntN(64, BigInt(`0x${dhash}`));
}

/**
 * The pages of comic `comicId` (live chapters only, `excludeChapterId` left out, blank pages left
 * out) whose dHash is within DUPLICATE_DISTANCE of at least one of `hashes`. One statement
 * whatever the number of hashes; each page once.
 */
export async function findPagesSharingBands(
  db: Executor,
  comicId: number,
  hashes: readonly string[],
  excludeChapterId?: number,
): Promise<NearPage[]> {
  const owners = [...new Set(hashes)].map((h) => dhashInt(h).toString());
  if (!owners.length) return [];
  // Per hash, one index scan with its 68 probe values as `= any` (the trigger's bands: band b is
  // bits 63-16b down to 48-16b, tagged b * 65536; f = -1 is the band itself, 0-15 one flipped bit,
  // as `bandProbes` makes them for DUPLICATE_DISTANCE < 8): 300 hashes are 300 scans of sorted
  // values, not a join of 20,400 probes parsed from two arrays, and the planner's estimate stays
  // small enough to read the few matching pages by their key (docs/page-checks.md).
  const { rows } = await db.execute<{
    pageId: number;
    chapterId: number;
    dhash: string;
    order: number;
    name: string;
  }>(sql`
    select p.id as "pageId", p.chapter_id as "chapterId", p.dhash, ${chapters.order} as "order", ${chapters.name} as "name"
      from ${chapterPages} p
      join ${chapters} on ${chapters.id} = p.chapter_id
     where p.id in (
             select m.page_id
               from unnest(${`{${owners.join(",")}}`}::bigint[]) as q(h)
              cross join lateral (
                    select b.page_id
                      from page_hash_bands b
                     where b.comic_id = ${comicId}
                       and b.band_value = any (array(
                             select band * 65536 + (((q.h >> (48 - 16 * band)) & 65535)::int # (case when f < 0 then 0 else 1 << f end))
                               from generate_series(0, ${BANDS - 1}) band, generate_series(-1, 15) f))
                       and bit_count((b.dhash # q.h)::bit(64)) <= ${DUPLICATE_DISTANCE}) m)
       and ${chapters.comicId} = ${comicId}
       and ${liveSql}
       and ${chapters.id} <> ${excludeChapterId ?? 0}
       and p.brightness_std >= ${BLANK_STD}`);
  return rows.map((r) => ({
    ...r,
    pageId: Number(r.pageId),
    chapterId: Number(r.chapterId),
    order: Number(r.order),
  }));
}
