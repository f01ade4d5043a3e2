/**
 * Issue 6: the time to upload and commit a 50-page chapter (create the draft, upload the pages in
 * batches of 10 as multipart, save the order and publish) over loopback HTTP, next to the raw
 * transfer of the same multipart bytes to a server that only reads them, in the same run.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { buildApp } from "../apps/api/src/app";
import { loadConfig } from "../apps/api/src/config";
import { createDatabase, runMigrations } from "../apps/api/src/db/client";
import { createComic } from "../apps/api/src/modules/comics/comics.test-helpers";
import { createTeam, createUser, multipart } from "../apps/api/src/modules/teams/teams.test-helpers";
import { createLocalStorage } from "../apps/api/src/storage/local";
import { ratio, stats } from "./lib";

const PAGES = 50;
const BATCH = 10;
const ROUNDS = 3;

async function page(i: number): Promise<Buffer> {
  // A 1500 px wide page like the browser pipeline produces (JPEG q95), with varied content.
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

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), "vt-bench-upload-"));
  const origin = "http://127.0.0.1";
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: origin,
    AUTH_SECRET: "bench-secret-bench-secret-0123456789",
  });
  const database = await createDatabase({});
  await runMigrations(database);
  const storage = await createLocalStorage({ root: config.storageDir, publicBaseUrl: "/files" });
  const app = await buildApp({ config, database, storage, logger: false, webDist: null });
  const headers = { "x-app-origin": origin };
  // The API test helpers only need the app, its database and the dashboard headers.
  const t = { app, database, storage, config, dataDir, headers } as unknown as Parameters<
    typeof createUser
  >[0];

  // The raw baseline: a server that reads the request body and answers, nothing else.
  const raw = createServer((req, res) => {
    req.on("data", () => {});
    req.on("end", () => res.end("{}"));
  });
  await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
  const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
  const appUrl = await app.listen({ port: 0, host: "127.0.0.1" });

  try {
    const user = await createUser(t, { name: "Bench" });
    const teamId = await createTeam(t, user, [], "Nhóm Bench");
    const comic = await createComic(t, user, teamId);
    const pages = await Promise.all(Array.from({ length: PAGES }, (_, i) => page(i)));
    const bodies = [];
    for (let i = 0; i < PAGES; i += BATCH) {
      bodies.push(
        multipart(
          pages.slice(i, i + BATCH).map((bytes, j) => ({
            field: "files",
            filename: `${i + j + 1}.jpg`,
            contentType: "image/jpeg",
            bytes,
          })),
        ),
      );
    }
    const totalBytes = bodies.reduce((n, b) => n + b.payload.length, 0);
    const auth = { ...headers, cookie: user.cookie };

    const rawTimes: number[] = [];
    const ourTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let t0 = performance.now();
      for (const body of bodies) {
        await fetch(`${rawUrl}/upload`, { method: "POST", headers: body.headers, body: body.payload });
      }
      rawTimes.push(performance.now() - t0);

      t0 = performance.now();
      const created = await fetch(`${appUrl}/api/chapters`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ comicId: comic.id, order: round + 1 }),
      });
      if (created.status !== 201)
        throw new Error(`create chapter: ${created.status} ${await created.text()}`);
      const chapterId = ((await created.json()) as { id: number }).id;
      const ids: number[] = [];
      for (const body of bodies) {
        const res = await fetch(`${appUrl}/api/chapters/${chapterId}/pages`, {
          method: "POST",
          headers: { ...auth, ...body.headers },
          body: body.payload,
        });
        if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
        ids.push(...((await res.json()) as { pages: { id: number }[] }).pages.map((p) => p.id));
      }
      const saved = await fetch(`${appUrl}/api/chapters/${chapterId}`, {
        method: "PUT",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ order: round + 1, pages: ids.map((id) => ({ id })), publish: true }),
      });
      if (saved.status !== 200) throw new Error(`publish: ${saved.status} ${await saved.text()}`);
      ourTimes.push(performance.now() - t0);
    }

    const baseline = stats(rawTimes);
    const ours = stats(ourTimes);
    return {
      name: `upload and publish a ${PAGES}-page chapter vs raw transfer of the same bytes`,
      unit: "ms",
      pages: PAGES,
      megabytes: Math.round((totalBytes / 1024 / 1024) * 10) / 10,
      rounds: ROUNDS,
      baseline,
      ours,
      ratioP50: ratio(ours.p50, baseline.p50),
    };
  } finally {
    await app.close();
    await new Promise((resolve) => raw.close(resolve));
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
