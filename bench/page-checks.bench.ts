/**
 * The page checks of a 300-page chapter in a comic of 2,000 chapters x 100 pages
 * (docs/page-checks.md, "Cost for a large comic"), on on-disk PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL. Pages carry random dHashes (the worst case for the band lookup: nothing clusters);
 * the checked chapter holds 300 new pages, 30 of them copies of other chapters' pages with up to
 * 7 bits changed, which every run must find. Timed: the whole check as the route runs it
 * (`chapterChecks`: access, the chapter's pages, the cross-chapter lookup, the findings), and
 * the lookup alone (`findPagesSharingBands`); the baseline is the first of the check's two
 * statements, reading the chapter's 300 pages.
 * `npm run bench -- page-checks`
 */
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { SessionUser } from "../apps/api/src/auth/session";
import { findPagesSharingBands } from "../apps/api/src/modules/chapters/page-bands";
import { chapterChecks } from "../apps/api/src/modules/chapters/page-checks";
import { createLocalStorage } from "../apps/api/src/storage/local";
import {
  type BenchDbKind,
  benchConfig,
  benchDbKinds,
  measure,
  openBenchDatabase,
  type Row,
  ratio,
} from "./lib";

const CHAPTERS = 2_000;
const PAGES_PER_CHAPTER = 100;
const CHECKED_PAGES = 300;
const COPIES = 30;
const TARGET_MS = 100;

function randomHash(): string {
  const word = () =>
    Math.floor(Math.random() * 2 ** 32)
      .toString(16)
      .padStart(8, "0");
  return word() + word();
}

/** `hash` with `bits` distinct random bits flipped. */
function flip(hash: string, bits: number): string {
  let v = BigInt(`0x${hash}`);
  const done = new Set<number>();
  while (done.size < bits) done.add(Math.floor(Math.random() * 64));
  for (const b of done) v ^= 1n << BigInt(b);
  return v.toString(16).padStart(16, "0");
}

async function runOn(kind: BenchDbKind, dataDir: string) {
  const database = await openBenchDatabase(kind, dataDir);
  const { db } = database;
  try {
    const t0 = performance.now();
    await db.execute(sql`
      insert into users (email, name, role, identity_issuer, identity_subject)
      values ('bench@example.com', 'Bench', 'admin', 'bench', 'bench')`);
    await db.execute(sql`insert into teams (name) values ('Nhóm')`);
    await db.execute(sql`insert into comics (team_id, title) values (1, 'Truyện dài')`);
    await db.execute(sql`
      insert into chapters (comic_id, team_id, order_num, name)
      select 1, 1, g, 'Chương ' || g from generate_series(1, ${CHAPTERS + 1}) g`);
    // The comic's pages, random hashes. Bulk load the usual way: the bands in one statement (the
    // migration's own fill) instead of 200,000 trigger calls, the key built after the rows.
    await db.execute(sql`alter table chapter_pages disable trigger chapter_pages_hash_bands`);
    await db.execute(
      sql`alter table page_hash_bands drop constraint page_hash_bands_comic_id_band_value_dhash_page_id_pk`,
    );
    await db.execute(sql`
      insert into chapter_pages (chapter_id, position, staged, url, width, dhash, brightness_mean, brightness_std)
      select c, p, false, 'comics/b/' || c || '-' || p || '.jpg', 800,
             lpad(to_hex((random() * 4294967295)::bigint), 8, '0') || lpad(to_hex((random() * 4294967295)::bigint), 8, '0'),
             200, 40
        from generate_series(1, ${CHAPTERS}) c, generate_series(0, ${PAGES_PER_CHAPTER - 1}) p`);
    await db.execute(sql`
      insert into page_hash_bands (comic_id, band_value, dhash, page_id)
      select 1, b * 65536 + ('x' || substr(p.dhash, b * 4 + 1, 4))::bit(16)::int, ('x' || p.dhash)::bit(64)::bigint, p.id
        from chapter_pages p, generate_series(0, 3) as b`);
    await db.execute(
      sql`alter table page_hash_bands add constraint page_hash_bands_comic_id_band_value_dhash_page_id_pk primary key (comic_id, band_value, dhash, page_id)`,
    );
    await db.execute(sql`alter table chapter_pages enable trigger chapter_pages_hash_bands`);
    const sample = await db.execute<{ dhash: string }>(
      sql`select dhash from chapter_pages order by random() limit ${COPIES}`,
    );
    const checked = CHAPTERS + 1;
    const hashes = [
      ...sample.rows.map((r, i) => flip(r.dhash, i % 8)),
      ...Array.from({ length: CHECKED_PAGES - COPIES }, randomHash),
    ];
    await db.execute(sql`
      insert into chapter_pages (chapter_id, position, staged, url, width, dhash, brightness_mean, brightness_std)
      select ${checked}, o - 1, false, 'comics/b/checked-' || o || '.jpg', 800, h, 200, 40
        from unnest(${`{${hashes.join(",")}}`}::text[]) with ordinality as u(h, o)`);
    await db.execute(sql`analyze`);
    if (kind === "postgres") await db.execute(sql`vacuum page_hash_bands`);
    const seedMs = Math.round(performance.now() - t0);
    console.error(`page-checks: ${kind} seeded in ${seedMs} ms`);

    const user: SessionUser = {
      id: 1,
      email: "bench@example.com",
      name: "Bench",
      avatar: null,
      role: "admin",
      emailVerified: true,
    };
    const deps = {
      db,
      storage: await createLocalStorage({
        root: `${dataDir}/${kind}-files`,
        publicBaseUrl: "http://127.0.0.1/files",
      }),
      log: console,
    };
    const result = await chapterChecks(deps, user, checked);
    const found = result.findings
      .filter((f) => f.kind === "otherChapter")
      .reduce((n, f) => n + f.pages.length, 0);
    if (found < COPIES) throw new Error(`page checks found ${found} of ${COPIES} copied pages`);

    const baseline = await measure(
      () =>
        db.execute(
          sql`select id, width, dhash, brightness_std from chapter_pages where chapter_id = ${checked} order by staged, position, id`,
        ),
      20,
    );
    const lookup = await measure(() => findPagesSharingBands(db, 1, hashes, checked), 20);
    const check = await measure(() => chapterChecks(deps, user, checked), 20);
    const rows: Row[] = [
      {
        metric: `page checks, ${CHECKED_PAGES}-page chapter, comic of ${CHAPTERS} x ${PAGES_PER_CHAPTER} pages (${kind}, p50)`,
        baseline: `${baseline.p50.toFixed(1)} ms (the chapter's pages)`,
        measured: `${check.p50.toFixed(1)} ms (lookup alone ${lookup.p50.toFixed(1)} ms, p99 ${check.p99.toFixed(1)} ms)`,
        ratio: `${ratio(check.p50, baseline.p50)}x`,
        target: `<= ${TARGET_MS} ms`,
        ok: check.p50 <= TARGET_MS,
      },
    ];
    return { kind, seedMs, found, baseline, lookup, check, rows };
  } finally {
    await database.close();
  }
}

export async function run() {
  const { dataDir } = benchConfig("page-checks");
  const out = [];
  try {
    for (const kind of benchDbKinds().reverse()) out.push(await runOn(kind, dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { runs: out, rows: out.flatMap((r) => r.rows) };
}
