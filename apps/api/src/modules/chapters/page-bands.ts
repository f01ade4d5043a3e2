/**
 * The cross-chapter lookup of the page checks (docs/page-checks.md, "Cost for a large comic"):
 * the pages of a comic within DUPLICATE_DISTANCE of any of a list of dHashes, in one statement.
 * Each hash is cut into 4 bands of 16 bits; two hashes that close share a band up to one flipped
 * bit, so each hash probes its 4 bands and their 16 one-bit variants (68 values) in
 * `page_hash_bands` (a B-tree on comic, band value, hash, page; migration 0022_page_hash_bands,
 * kept by triggers). The exact distance is computed on the index rows, so only real matches are
 * read from `chapter_pages`. Used by the chapter checks and by anything that checks fingerprints
 * against a comic (bulk-import preview, CLI dry run).
 */
import { sql } from "drizzle-orm";
import { liveSql } from "../../db/chapter-visibility";
import type { Executor } from "../../db/executor";
import { chapterPages, chapters } from "../../db/schema/chapters";
import { bandProbes } from "../../lib/page-fingerprint";

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
  const values: number[] = [];
  const owners: string[] = [];
  for (const h of new Set(hashes)) {
    const own = dhashInt(h).toString();
    for (const v of bandProbes(h, DUPLICATE_DISTANCE)) {
      values.push(v);
      owners.push(own);
    }
  }
  if (!values.length) return [];
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
             select b.page_id
               from unnest(${`{${values.join(",")}}`}::int[], ${`{${owners.join(",")}}`}::bigint[]) as q(v, h)
               join page_hash_bands b on b.comic_id = ${comicId} and b.band_value = q.v
              where bit_count((b.dhash # q.h)::bit(64)) <= ${DUPLICATE_DISTANCE})
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
