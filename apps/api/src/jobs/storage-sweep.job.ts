/**
 * `storage.sweep`: deletes stored objects that no row references, once they are older than
 * STORAGE_SWEEP_GRACE_HOURS (default 24 h). What leaves such objects: a process killed between
 * storing an upload and committing its row, uploads whose request then failed, avatars uploaded
 * and never saved, covers uploaded for a comic never created (their reservation rows are dropped
 * after the same grace period), and staged pages of abandoned drafts, whose rows this job removes
 * first once the chapter is untouched for STAGED_PAGES_TTL_DAYS (default 7). Direct uploads the
 * browser wrote under `tmp/` (lib/direct-upload.ts) and never confirmed go sooner: once no ticket
 * can confirm them any more (STAGED_MAX_AGE_SECONDS, about 80 minutes), with the claims of
 * those expired tickets.
 *
 * Safety: the references are read in one statement (one snapshot) and an object is deleted only
 * when it is absent from it AND older than the grace period, so an upload whose row is about to be
 * committed is never touched. Every column that holds a storage key or URL is listed in
 * STORAGE_REFERENCES below; storage-sweep.test.ts fails when a schema column that looks like one
 * (image, url, cover, logo, avatar, ...) is in neither list.
 */
import { lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { directUploadClaims } from "../db/schema/uploads";
import { STAGED_MAX_AGE_SECONDS, STAGING_PREFIX } from "../lib/direct-upload";
import { STORAGE_PREFIXES } from "../storage/storage";
import { defineJob } from "./engine";

/** One query per column that may hold a storage key or a public URL of a stored object. */
export const STORAGE_REFERENCES: Record<string, SQL> = {
  "users.avatar": sql`select avatar from users where avatar is not null`,
  "auth_user.image": sql`select image from auth_user where image is not null`,
  "teams.cover": sql`select cover from teams where cover is not null`,
  "teams.logo": sql`select logo from teams where logo is not null`,
  "team_donate.qr_image": sql`select qr_image from team_donate where qr_image is not null`,
  "team_credit.pages": sql`select jsonb_array_elements_text(pages) from team_credit`,
  "comics.thumbnail": sql`select thumbnail from comics where thumbnail is not null`,
  "comics.thumbnail_small": sql`select thumbnail_small from comics where thumbnail_small is not null`,
  "comic_arts.image": sql`select image from comic_arts`,
  "comic_cover_uploads.key": sql`select key from comic_cover_uploads`,
  "chapter_pages.url": sql`select url from chapter_pages`,
  "chapter_pages.thumb": sql`select thumb from chapter_pages where thumb is not null`,
};

/** Columns whose names look like file references but hold none (checked by the test). */
export const NOT_STORAGE_REFERENCES: Record<string, string> = {
  "auth_account.id_token": "an OpenID Connect token",
  "auth_jwks.public_key": "a signing key",
  "auth_jwks.private_key": "a signing key",
  "auth_rate_limit.key": "a rate-limit bucket",
  "app_meta.key": "a setting name",
  "direct_upload_claims.key": "a spent direct-upload ticket's staged key (its object is deleted on confirm)",
  "chapter_pages.scramble_key": "the page's scramble key",
  "chapter_pages.client_id": "a client-side file identity",
  "team_webhooks.url": "a webhook's receiving address",
};

const KNOWN_PREFIX = new Set<string>(STORAGE_PREFIXES);

/**
 * The storage key inside a stored reference: the value itself, or the path tail of a public URL
 * (`https://host/files/users/2026/11/x.png` -> `users/2026/11/x.png`). Null for foreign URLs.
 */
export function keyOfReference(ref: string): string | null {
  let path = ref;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(ref)) {
    try {
      path = new URL(ref).pathname;
    } catch {
      return null;
    }
  }
  const segments = path.split("/").filter(Boolean);
  const start = segments.findIndex((s) => KNOWN_PREFIX.has(s));
  return start < 0 ? null : segments.slice(start).join("/");
}

export async function referencedKeys(db: Db): Promise<Set<string>> {
  const union = sql.join(
    Object.values(STORAGE_REFERENCES).map((q) => sql`(${q})`),
    sql` union all `,
  );
  const { rows } = await db.execute<{ ref: string }>(sql`select x.ref from (${union}) as x(ref)`);
  const keys = new Set<string>();
  for (const { ref } of rows) {
    const key = typeof ref === "string" ? keyOfReference(ref) : null;
    if (key) keys.add(key);
  }
  return keys;
}

/** Deletes staged pages of chapters untouched since `before`; resolves to their urls and thumbnails (swept next). */
export async function removeAbandonedStagedPages(db: Db, before: Date): Promise<string[]> {
  const { rows } = await db.execute<{ url: string; thumb: string | null }>(sql`
    delete from chapter_pages p
     using chapters c
     where p.chapter_id = c.id
       and p.staged
       and p.created_at < ${before.toISOString()}
       and c.updated_at < ${before.toISOString()}
    returning p.url, p.thumb`);
  return rows.flatMap((r) => (r.thumb ? [r.url, r.thumb] : [r.url]));
}

/** Drops cover uploads never used for a comic once older than `before` (their objects go next). */
export async function removeUnusedCoverUploads(db: Db, before: Date): Promise<number> {
  const { rows } = await db.execute<{ key: string }>(
    sql`delete from comic_cover_uploads where created_at < ${before.toISOString()} returning key`,
  );
  return rows.length;
}

/** Drops the claims of direct-upload tickets that have expired (they can never be confirmed again). */
export async function removeExpiredClaims(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(directUploadClaims)
    .where(lt(directUploadClaims.claimedAt, before))
    .returning({ key: directUploadClaims.key });
  return rows.length;
}

export interface SweepResult {
  /** Staged page rows of abandoned chapters deleted. */
  stagedPages: number;
  /** Cover uploads never used for a comic, dropped after the grace period. */
  coverUploads: number;
  /** Claims of expired direct-upload tickets dropped. */
  claims: number;
  /** Objects deleted: no row referenced them and they were older than the grace period. */
  deleted: number;
  /** Partial writes of interrupted uploads removed. */
  incomplete: number;
  /** Objects looked at. */
  scanned: number;
}

export const storageSweep = defineJob<Record<string, never>, SweepResult>({
  name: "storage.sweep",
  cron: "23 * * * *",
  expireInSeconds: 3600,
  async run(_data, { db, storage, config, log }) {
    const now = new Date();
    const stagedBefore = new Date(now.getTime() - config.stagedPagesTtlDays * 86_400_000);
    const cutoff = new Date(now.getTime() - config.storageSweepGraceHours * 3_600_000);
    // A staged direct upload is of no use once its ticket has expired (never referenced by a row).
    const stagedCutoff = new Date(now.getTime() - STAGED_MAX_AGE_SECONDS * 1000);
    const staging = `${STAGING_PREFIX}/`;

    const staged = await removeAbandonedStagedPages(db, stagedBefore);
    if (staged.length)
      log.info({ count: staged.length, urls: staged }, "storage.sweep removed abandoned staged pages");

    const coverUploads = await removeUnusedCoverUploads(db, cutoff);
    const claims = await removeExpiredClaims(db, stagedCutoff);
    const referenced = await referencedKeys(db);
    let deleted = 0;
    let scanned = 0;
    for await (const object of storage.list()) {
      scanned++;
      const before = object.key.startsWith(staging) ? stagedCutoff : cutoff;
      if (object.lastModified >= before || referenced.has(object.key)) continue;
      await storage.delete(object.key);
      deleted++;
      log.info(
        { key: object.key, size: object.size, lastModified: object.lastModified },
        "storage.sweep deleted",
      );
    }
    const incomplete = await storage.removeIncomplete(cutoff);
    const result: SweepResult = {
      stagedPages: staged.length,
      coverUploads,
      claims,
      deleted,
      incomplete,
      scanned,
    };
    log.info(result, "storage.sweep done");
    return result;
  },
});
