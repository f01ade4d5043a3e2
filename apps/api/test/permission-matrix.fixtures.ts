/**
 * One valid request per row of docs/permissions.md, keyed "METHOD /path". The permission-matrix
 * test sends it as every role; a row without a fixture fails the test, so a feature adding a
 * team-scoped route adds its row there and its fixture here.
 *
 * Path parameters are filled by the test: `:teamId` the team under test, `:userId` an uploader of
 * that team (not the caller), `:id` a pending `uploader` invitation of that team.
 */

import { eq } from "drizzle-orm";
import { webhookDeliveries } from "../src/db/schema/webhooks";
import type { TestApp } from "./app";
import { call, createTeam, png, type TestUser, type UploadFile, upload } from "./fixtures/api";
import { coverFile, createComic, uploadWith } from "./fixtures/comics";

export interface MatrixWorld {
  t: TestApp;
  teamId: number;
  teamName: string;
  /** An uploader of the team, the object of the member routes. */
  target: TestUser;
  /** A pending uploader invitation of the team. */
  invitationId: number;
  /** The team's owner (for fixture setup). */
  owner: TestUser;
}

export interface MatrixRequest {
  payload?: unknown;
  files?: UploadFile[];
  /** Text fields sent with `files` (multipart). */
  fields?: Record<string, string>;
  /** Path parameters a fixture prepared, e.g. `{ comicId }` for `/api/comics/:comicId`. */
  params?: Record<string, number>;
}

export interface MatrixFixture {
  /** Prepares the team before the call (as its owner); what it returns is passed to request(). */
  setup?: (world: MatrixWorld) => Promise<unknown>;
  request?: (world: MatrixWorld, prepared: unknown) => MatrixRequest | Promise<MatrixRequest>;
}

const image = async (field = "file"): Promise<UploadFile> => ({
  field,
  filename: "image.png",
  contentType: "image/png",
  bytes: await png(16, 16),
});

/**
 * Bodies of the direct-upload pairs (`.../presign`, `.../direct`). The matrix app stores locally:
 * a caller who passes authorization gets 409 upload.directUnavailable (on S3,
 * lib/direct-upload.routes.test.ts shows the 200/201).
 */
const presignFiles = { files: [{ name: "1.jpg", size: 1000, type: "image/jpeg" }] };
const directFiles = { files: [{ key: "teams/2026/01/abcdefghijklmnop.jpg", token: "t", filename: "1.jpg" }] };
const teamDirectPairs = Object.fromEntries(
  ["cover", "logo", "donate/qr", "credit/pages"].flatMap((path) => [
    [`POST /api/teams/:teamId/${path}/presign`, { request: () => ({ payload: presignFiles }) }],
    [`POST /api/teams/:teamId/${path}/direct`, { request: () => ({ payload: directFiles }) }],
  ]),
) as Record<string, MatrixFixture>;

export const matrixFixtures: Record<string, MatrixFixture> = {
  "GET /api/teams/:teamId": {},
  "PUT /api/teams/:teamId": {
    request: () => ({ payload: { name: "Tên mới", website: "https://example.com" } }),
  },
  "DELETE /api/teams/:teamId": {},
  "POST /api/teams/:teamId/cover": { request: async () => ({ files: [await image()] }) },
  "DELETE /api/teams/:teamId/cover": {},
  "POST /api/teams/:teamId/logo": { request: async () => ({ files: [await image()] }) },
  "DELETE /api/teams/:teamId/logo": {},
  "GET /api/teams/:teamId/members": {},
  "PATCH /api/teams/:teamId/members/:userId": { request: () => ({ payload: { role: "uploader" } }) },
  "DELETE /api/teams/:teamId/members/:userId": {},
  "POST /api/teams/:teamId/leave": {},
  "POST /api/teams/:teamId/transfer": { request: (w) => ({ payload: { userId: w.target.id } }) },
  "GET /api/teams/:teamId/invitations": {},
  "POST /api/teams/:teamId/invitations": {
    request: () => ({
      payload: { email: `invitee.${Math.random().toString(36).slice(2)}@example.com`, role: "uploader" },
    }),
  },
  "DELETE /api/teams/:teamId/invitations/:id": {},
  "GET /api/teams/:teamId/donate": {},
  "PUT /api/teams/:teamId/donate": {
    request: () => ({
      payload: { enabled: true, qrImage: null, content: "Ủng hộ nhóm", showInEachChapter: true },
    }),
  },
  "POST /api/teams/:teamId/donate/qr": { request: async () => ({ files: [await image()] }) },
  "GET /api/teams/:teamId/upload-settings": {},
  "PUT /api/teams/:teamId/upload-settings": { request: () => ({ payload: { publishDelayHours: 3 } }) },
  "GET /api/teams/:teamId/credit": {},
  "PUT /api/teams/:teamId/credit": {
    setup: async (w) => {
      const res = await upload(w.t, w.owner, `/api/teams/${w.teamId}/credit/pages`, [
        await image("files"),
        await image("files"),
      ]);
      return (res.json() as { pages: { key: string }[] }).pages.map((p) => p.key);
    },
    request: (_w, keys) => ({
      payload: { enabled: true, text: "Credit", pages: [...(keys as string[])].reverse() },
    }),
  },
  "POST /api/teams/:teamId/credit/pages": {
    request: async () => ({ files: [await image("files"), await image("files")] }),
  },
  "GET /api/teams/:teamId/activity": {},
  ...webhookFixtures(),
  ...teamDirectPairs,
  ...comicFixtures(),
  ...chapterFixtures(),
};

/** A public address (an IP literal: nothing to resolve); the matrix never sends anything. */
const hookBody = { url: "https://93.184.215.14/hook", events: ["chapter.published"] };

/** A webhook of the world's team, added by its owner. */
async function teamHook(w: MatrixWorld): Promise<number> {
  const res = await call(w.t, w.owner, "POST", `/api/teams/${w.teamId}/webhooks`, { payload: hookBody });
  return (res.json() as { id: number }).id;
}

function webhookFixtures(): Record<string, MatrixFixture> {
  const withHook: MatrixFixture = {
    setup: teamHook,
    request: (_w, id) => ({ params: { hookId: id as number } }),
  };
  return {
    "GET /api/teams/:teamId/webhooks": {},
    "POST /api/teams/:teamId/webhooks": { request: () => ({ payload: hookBody }) },
    "PUT /api/teams/:teamId/webhooks/:hookId": {
      setup: teamHook,
      request: (_w, id) => ({
        params: { hookId: id as number },
        payload: { ...hookBody, format: "discord" },
      }),
    },
    "DELETE /api/teams/:teamId/webhooks/:hookId": withHook,
    "POST /api/teams/:teamId/webhooks/:hookId/rotate-secret": withHook,
    "GET /api/teams/:teamId/webhooks/:hookId/deliveries": withHook,
    "POST /api/teams/:teamId/webhooks/:hookId/test": withHook,
    "POST /api/teams/:teamId/webhooks/:hookId/deliveries/:deliveryId/resend": {
      // A failed delivery: a test event, marked failed as the job would after its last attempt.
      setup: async (w) => {
        const hookId = await teamHook(w);
        const res = await call(w.t, w.owner, "POST", `/api/teams/${w.teamId}/webhooks/${hookId}/test`);
        const deliveryId = (res.json() as { id: number }).id;
        await w.t.database.db
          .update(webhookDeliveries)
          .set({ status: "failed" })
          .where(eq(webhookDeliveries.id, deliveryId));
        return { hookId, deliveryId };
      },
      request: (_w, p) => ({ params: p as { hookId: number; deliveryId: number } }),
    },
  };
}

/** A comic of the world's team (created by its owner), for the comic rows. */
async function teamComic(w: MatrixWorld): Promise<number> {
  return (await createComic(w.t, w.owner, w.teamId, { title: `Truyện của ${w.teamName}` })).id;
}

function comicFixtures(): Record<string, MatrixFixture> {
  const withComic: MatrixFixture = {
    setup: teamComic,
    request: (_w, id) => ({ params: { comicId: id as number } }),
  };
  return {
    "GET /api/comics/:comicId": withComic,
    "GET /api/comics/:comicId/history": withComic,
    "POST /api/comics/:comicId/page-checks": {
      setup: teamComic,
      request: (_w, id) => ({
        params: { comicId: id as number },
        payload: {
          chapters: [
            {
              label: "1",
              order: 1,
              pages: [
                {
                  name: "1.jpg",
                  width: 800,
                  height: 1200,
                  dhash: "0123456789abcdef",
                  brightnessMean: 200,
                  brightnessStd: 40,
                },
              ],
            },
          ],
        },
      }),
    },
    "PUT /api/comics/:comicId": {
      setup: teamComic,
      request: (_w, id) => ({
        params: { comicId: id as number },
        payload: { title: "Tên mới", status: "completed" },
      }),
    },
    "DELETE /api/comics/:comicId": withComic,
    "POST /api/comics/:comicId/thumbnail": {
      setup: teamComic,
      request: async (_w, id) => ({ params: { comicId: id as number }, files: [await coverFile(900, 1200)] }),
    },
    "POST /api/comics/:comicId/thumbnail/presign": {
      setup: teamComic,
      request: (_w, id) => ({ params: { comicId: id as number }, payload: presignFiles }),
    },
    "POST /api/comics/:comicId/thumbnail/direct": {
      setup: teamComic,
      request: (_w, id) => ({ params: { comicId: id as number }, payload: directFiles }),
    },
    "POST /api/comics/arts/presign": {
      setup: teamComic,
      request: (_w, id) => ({ payload: { ...presignFiles, comicId: id as number, volume: 1 } }),
    },
    "POST /api/comics/arts/direct": {
      setup: teamComic,
      request: (_w, id) => ({ payload: { ...directFiles, comicId: id as number, volume: 1 } }),
    },
    "GET /api/comics/arts/:comicId": withComic,
    "POST /api/comics/arts": {
      setup: teamComic,
      request: async (_w, id) => ({ files: [await image()], fields: { comicId: String(id), volume: "1" } }),
    },
    "DELETE /api/comics/arts/:artId": {
      setup: async (w) => {
        const comicId = await teamComic(w);
        const res = await uploadWith(w.t, w.owner, "/api/comics/arts", [await image()], {
          comicId: String(comicId),
          volume: "2",
        });
        return (res.json() as { id: number }).id;
      },
      request: (_w, artId) => ({ params: { artId: artId as number } }),
    },
    "POST /api/comics/collab": {
      setup: async (w) => ({ comicId: await teamComic(w), teamId: await createTeam(w.t, w.owner) }),
      request: (_w, p) => ({ payload: { ...(p as { comicId: number; teamId: number }), action: "add" } }),
    },
    "POST /api/comics/deleteRequest": {
      setup: teamComic,
      request: (w, id) => ({ payload: { comicId: id, teamId: w.teamId, reason: "Trùng lặp" } }),
    },
    "POST /api/comics/mergeRequest": {
      setup: async (w) => [await teamComic(w), await teamComic(w)],
      request: (w, ids) => {
        const [comicId, targetComicId] = ids as [number, number];
        return { payload: { comicId, targetComicId, teamId: w.teamId, reason: "Cùng một truyện" } };
      },
    },
    "POST /api/comics/merge": {
      setup: async (w) => [await teamComic(w), await teamComic(w)],
      request: (_w, ids) => {
        const [comicId, targetComicId] = ids as [number, number];
        return { payload: { comicId, targetComicId } };
      },
    },
  };
}

/** A draft chapter (order 1) of a comic of the world's team, created by its owner. */
async function teamChapter(w: MatrixWorld): Promise<{ comicId: number; chapterId: number }> {
  const comicId = await teamComic(w);
  const res = await call(w.t, w.owner, "POST", "/api/chapters", {
    payload: { comicId, order: 1, name: "Chương riêng" },
  });
  return { comicId, chapterId: (res.json() as { id: number }).id };
}

function chapterFixtures(): Record<string, MatrixFixture> {
  const withChapter: MatrixFixture = {
    setup: teamChapter,
    request: (_w, p) => ({ params: { chapterId: (p as { chapterId: number }).chapterId } }),
  };
  return {
    "GET /api/chapters/comic/:comicId": {
      setup: teamChapter,
      request: (_w, p) => ({ params: { comicId: (p as { comicId: number }).comicId } }),
    },
    "GET /api/chapters/:chapterId": withChapter,
    "GET /api/chapters/:chapterId/checks": withChapter,
    "GET /api/chapters/:chapterId/history": withChapter,
    "POST /api/chapters": {
      setup: teamComic,
      request: (_w, id) => ({ payload: { comicId: id, order: 12.5, name: "Ngoại truyện" } }),
    },
    "PUT /api/chapters/:chapterId": {
      setup: teamChapter,
      request: (_w, p) => ({
        params: { chapterId: (p as { chapterId: number }).chapterId },
        payload: { order: 2, name: "Tên mới", volume: 1 },
      }),
    },
    "DELETE /api/chapters/:chapterId": withChapter,
    "POST /api/chapters/:chapterId/pages": {
      setup: teamChapter,
      request: async (_w, p) => ({
        params: { chapterId: (p as { chapterId: number }).chapterId },
        files: [await image("files"), await image("files")],
        fields: { clientIds: JSON.stringify(["a", "b"]) },
      }),
    },
    // The matrix app stores locally: a member reaching the direct-upload routes gets 409
    // upload.directUnavailable (on S3, lib/direct-upload.test.ts shows 200/201).
    "POST /api/chapters/:chapterId/pages/presign": {
      setup: teamChapter,
      request: (_w, p) => ({
        params: { chapterId: (p as { chapterId: number }).chapterId },
        payload: { files: [{ name: "1.jpg", size: 1000, type: "image/jpeg" }] },
      }),
    },
    "POST /api/chapters/:chapterId/pages/direct": {
      setup: teamChapter,
      request: (_w, p) => ({
        params: { chapterId: (p as { chapterId: number }).chapterId },
        payload: { files: [{ key: "comics/2026/01/abcdefghijklmnop.jpg", token: "t", filename: "1.jpg" }] },
      }),
    },
    "POST /api/chapters/:chapterId/page": {
      setup: async (w) => {
        const { chapterId } = await teamChapter(w);
        const res = await uploadWith(w.t, w.owner, `/api/chapters/${chapterId}/pages`, [
          await image("files"),
        ]);
        return { chapterId, pageId: (res.json() as { pages: { id: number }[] }).pages[0]!.id };
      },
      request: async (_w, p) => {
        const { chapterId, pageId } = p as { chapterId: number; pageId: number };
        return { params: { chapterId }, files: [await image()], fields: { pageId: String(pageId) } };
      },
    },
    "PUT /api/chapters/:chapterId/checks/kept": {
      setup: async (w) => {
        const { chapterId } = await teamChapter(w);
        const res = await uploadWith(w.t, w.owner, `/api/chapters/${chapterId}/pages`, [
          await image("files"),
        ]);
        return { chapterId, pageId: (res.json() as { pages: { id: number }[] }).pages[0]!.id };
      },
      request: (_w, p) => {
        const { chapterId, pageId } = p as { chapterId: number; pageId: number };
        return { params: { chapterId }, payload: { kind: "width", pageIds: [pageId], kept: true } };
      },
    },
    "POST /api/chapters/:chapterId/page/presign": {
      setup: teamChapter,
      request: (_w, p) => ({
        params: { chapterId: (p as { chapterId: number }).chapterId },
        payload: presignFiles,
      }),
    },
    "POST /api/chapters/:chapterId/page/direct": {
      setup: teamChapter,
      request: (_w, p) => ({
        params: { chapterId: (p as { chapterId: number }).chapterId },
        payload: { ...directFiles, pageId: 1 },
      }),
    },
    "POST /api/chapters/quick-update-volume": {
      setup: teamChapter,
      request: (_w, p) => ({
        payload: {
          comicId: (p as { comicId: number }).comicId,
          volume: 3,
          fromChapterOrder: 0,
          toChapterOrder: 10,
        },
      }),
    },
  };
}
