/**
 * What the upload benches share: pages like the browser pipeline produces, the request bodies the
 * dashboard sends for them (apps/web/src/features/chapters/upload-batcher.ts: the shared
 * `takeBatch` with UPLOAD_BATCH limits, `keys`/`clientIds` fields), an app on a fresh database, and
 * the upload + publish of one chapter with those bodies, UPLOAD_BATCH.requestsAtOnce in flight.
 */
import { rmSync } from "node:fs";
import { takeBatch, UPLOAD_BATCH } from "@vt/shared/upload-batches";
import sharp from "sharp";
import { buildApp } from "../apps/api/src/app";
import { createLocalStorage } from "../apps/api/src/storage/local";
import { createTeam, createUser, multipart } from "../apps/api/test/fixtures/api";
import { createComic } from "../apps/api/test/fixtures/comics";
import { type BenchDbKind, benchConfig, benchDbKinds, openBenchDatabase, type Row } from "./lib";

/** What the dashboard does (packages/shared/src/upload-batches.ts). */
export const DASHBOARD = UPLOAD_BATCH;
/** The chapter both upload benches send, and how many times. */
export const CHAPTER_PAGES = 50;
export const ROUNDS = 3;

/** A 1500 px wide page like the browser pipeline produces (JPEG q95), with varied content. */
export async function benchPage(i: number): Promise<Buffer> {
  const { data, info } = await sharp({
    create: {
      width: 150,
      height: 225,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 + i },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: info }).resize(1500, 2250, { kernel: "cubic" }).jpeg({ quality: 95 }).toBuffer();
}

/** Runs `send(i)` for i in [0, n) with at most `width` in flight, like the dashboard's upload semaphore. */
export async function inFlight<T>(n: number, width: number, send: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await send(i);
      }
    }),
  );
  return out;
}

export type Body = ReturnType<typeof multipart>;

/** The multipart request bodies the dashboard sends for `pages` (plain pages, full batches). */
export function dashboardBodies(pages: readonly Buffer[]): Body[] {
  const bodies: Body[] = [];
  const queue = [...pages];
  for (let i = 0; queue.length > 0; ) {
    const batch = takeBatch(queue, (b) => b.length);
    bodies.push(
      multipart(
        batch.map((bytes, j) => ({
          field: "files",
          filename: `${i + j + 1}.jpg`,
          contentType: "image/jpeg",
          bytes,
        })),
        {
          keys: JSON.stringify(batch.map(() => null)),
          clientIds: JSON.stringify(batch.map((b, j) => `bench/${i + j + 1}.jpg|${b.length}|r`)),
        },
      ),
    );
    i += batch.length;
  }
  return bodies;
}

/** The app listening on loopback over a fresh database, with a user, a team and a comic. */
export async function startBenchApp(kind: BenchDbKind, options: { jobs?: boolean } = {}) {
  const origin = "http://127.0.0.1";
  const { dataDir, config } = benchConfig("upload", { PUBLIC_URL: origin });
  const database = await openBenchDatabase(kind, dataDir);
  const storage = await createLocalStorage({ root: config.storageDir, publicBaseUrl: "/files" });
  const app = await buildApp({ config, database, storage, logger: false, webDist: null, jobs: options.jobs });
  const headers = { "x-app-origin": origin };
  // The API test helpers only need the app, its database and the dashboard headers.
  const t = { app, database, storage, config, dataDir, headers } as unknown as Parameters<
    typeof createUser
  >[0];
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const user = await createUser(t, { name: "Bench" });
  const teamId = await createTeam(t, user, [], "Nhóm Bench");
  const comic = await createComic(t, user, teamId);
  return {
    app,
    database,
    url,
    comicId: comic.id,
    auth: { ...headers, cookie: user.cookie },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/** Creates chapter `order`, uploads `bodies` the dashboard's way, saves the order and publishes. */
export async function uploadChapter(
  target: BenchApp,
  order: number,
  bodies: readonly Body[],
): Promise<number> {
  const { url, auth } = target;
  const created = await fetch(`${url}/api/chapters`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ comicId: target.comicId, order }),
  });
  if (created.status !== 201) throw new Error(`create chapter: ${created.status} ${await created.text()}`);
  const chapterId = ((await created.json()) as { id: number }).id;
  const perBody = await inFlight(bodies.length, DASHBOARD.requestsAtOnce, async (i) => {
    const body = bodies[i]!;
    const res = await fetch(`${url}/api/chapters/${chapterId}/pages`, {
      method: "POST",
      headers: { ...auth, ...body.headers },
      body: body.payload,
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { pages: { id: number }[] }).pages.map((p) => p.id);
  });
  const saved = await fetch(`${url}/api/chapters/${chapterId}`, {
    method: "PUT",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ order, pages: perBody.flat().map((id) => ({ id })), publish: true }),
  });
  if (saved.status !== 200) throw new Error(`publish: ${saved.status} ${await saved.text()}`);
  return chapterId;
}

/**
 * Runs an upload bench on each database (`benchDbKinds`) with the same `count` pages (`benchPage`):
 * its cases and one summary row per case.
 */
export async function onEachDatabase<C>(
  count: number,
  runOn: (kind: BenchDbKind, pages: Buffer[]) => Promise<C>,
  row: (c: C, kind: BenchDbKind) => Row | Row[],
): Promise<{ cases: C[]; rows: Row[] }> {
  const pages = await Promise.all(Array.from({ length: count }, (_, i) => benchPage(i)));
  const cases: C[] = [];
  const rows: Row[] = [];
  for (const kind of benchDbKinds()) {
    const c = await runOn(kind, pages);
    cases.push(c);
    rows.push(...[row(c, kind)].flat());
  }
  return { cases, rows };
}
