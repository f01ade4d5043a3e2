/**
 * Earlier releases for upgrade tests, built at test time from apps/api/drizzle: a migrations folder
 * holding only the migrations an earlier release had, so no dump has to be kept.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_FOLDER } from "../src/db/client";

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
  entries: JournalEntry[];
};

let work: string | undefined;

/** Removes the folders made so far (call it in afterAll). */
export function removeReleases() {
  if (work) rmSync(work, { recursive: true, force: true });
  work = undefined;
}

function release(name: string, kept: JournalEntry[]): string {
  work ??= mkdtempSync(join(tmpdir(), "vt-upgrade-"));
  const folder = join(work, name);
  mkdirSync(join(folder, "meta"), { recursive: true });
  for (const entry of kept)
    cpSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  return folder;
}

/** Every migration but the newest `n` (the release before the last n schema changes). */
export function earlierRelease(n: number): string {
  return release(`without-newest-${n}`, journal.entries.slice(0, journal.entries.length - n));
}

/** Every migration before the one tagged `tag` (the release that did not have it yet). */
export function releaseBefore(tag: string): string {
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration tagged ${tag}`);
  return release(`before-${tag}`, journal.entries.slice(0, at));
}
