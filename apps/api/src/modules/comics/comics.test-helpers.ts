/**
 * Helpers for comic tests: covers of the right size, comics created through the API (so links,
 * audit and the cover upload are real), and multipart bodies with fields.
 */
import sharp from "sharp";
import type { TestApp } from "../../../test/app";
import { call, multipart, type TestUser, type UploadFile } from "../teams/teams.test-helpers";

export function coverJpeg(width = 600, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 160, b: 90 } } })
    .jpeg({ quality: 60 })
    .toBuffer();
}

export async function coverFile(width = 600, height = 800): Promise<UploadFile> {
  return {
    field: "file",
    filename: "cover.jpg",
    contentType: "image/jpeg",
    bytes: await coverJpeg(width, height),
  };
}

export function uploadWith(
  t: TestApp,
  user: TestUser | null,
  url: string,
  files: UploadFile[],
  fields: Record<string, string> = {},
) {
  const body = multipart(files, fields);
  return call(t, user, "POST", url, { payload: body.payload, headers: body.headers });
}

/** Uploads a valid cover as `user` and answers its key. */
export async function uploadCover(t: TestApp, user: TestUser): Promise<string> {
  const res = await uploadWith(t, user, "/api/comics/covers", [await coverFile()]);
  if (res.statusCode !== 201) throw new Error(`cover upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { key: string }).key;
}

export interface CreatedComic {
  id: number;
  title: string;
  thumbnail: string;
  team: { id: number; name: string };
}

/** Creates a comic for `teamId` as `user` through the API. */
export async function createComic(
  t: TestApp,
  user: TestUser,
  teamId: number,
  fields: Record<string, unknown> = {},
): Promise<CreatedComic> {
  const thumbnail = await uploadCover(t, user);
  const res = await call(t, user, "POST", "/api/comics", {
    payload: { teamId, title: `Truyện ${Math.random().toString(36).slice(2, 8)}`, thumbnail, ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`create comic failed: ${res.statusCode} ${res.body}`);
  return res.json() as CreatedComic;
}
