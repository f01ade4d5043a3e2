/**
 * Avatars, covers, volume art and team images are stored as a fresh encode, so
 * the uploader's EXIF (Artist, ImageDescription, GPS), XMP and comments never come back; the ICC
 * profile does, and the EXIF orientation is applied to the pixels. Chapter pages keep their exact
 * bytes (the browser pipeline made them). Multipart on local storage and direct uploads on S3.
 */
import type { TDirectUploadTicket } from "@vt/shared/contracts/images";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { call, createTeam, createUser, multipart, type TestUser } from "../../test/fixtures/api";
import { createComic } from "../../test/fixtures/comics";
import { confirmAt, stage, startBucket, type TestBucket } from "../../test/fixtures/s3";
import { keyOfReference } from "../jobs/storage-sweep.job";

const ARTIST = "Nguyen Van Chup Anh";
const DESCRIPTION = "Nha rieng so 12 Pho Hue";

/** A JPEG as a phone writes it: author, description, GPS position, a Display P3 profile. */
async function cameraJpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#3a7",
      noise: { type: "gaussian", mean: 120, sigma: 30 },
    },
  })
    .withIccProfile("p3")
    .withExif({
      IFD0: {
        Artist: ARTIST,
        ImageDescription: DESCRIPTION,
      },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "21/1 1/1 30/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "105/1 51/1 0/1",
      },
    })
    .withMetadata(orientation ? { orientation } : {})
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** What the stored bytes still tell: EXIF, the profile, the uploader's strings, the size shown. */
async function leftIn(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return {
    exif: meta.exif ?? null,
    xmp: meta.xmp ?? null,
    icc: meta.icc ?? null,
    strings: [ARTIST, DESCRIPTION, "GPS"].filter((s) => bytes.includes(s)),
    orientation: meta.orientation ?? null,
    size: [meta.width, meta.height],
    format: meta.format,
  };
}

const sent = (url: string, user: TestUser, t: TestApp, file: Buffer, field = "file", fields = {}) => {
  const body = multipart([{ field, filename: "anh.jpg", contentType: "image/jpeg", bytes: file }], fields);
  return call(t, user, "POST", url, { payload: body.payload, headers: body.headers });
};

describe("multipart uploads (local storage)", () => {
  let t: TestApp;
  let owner: TestUser;
  let teamId: number;
  let comicId: number;
  let chapterId: number;
  let input: Buffer;
  let inputIcc: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    teamId = await createTeam(t, owner);
    comicId = (await createComic(t, owner, teamId)).id;
    const chapter = await call(t, owner, "POST", "/api/chapters", { payload: { comicId, order: 1 } });
    chapterId = (chapter.json() as { id: number }).id;
    input = await cameraJpeg(600, 800);
    const meta = await sharp(input).metadata();
    // The fixture carries what the test looks for.
    expect(meta.exif?.includes(ARTIST)).toBe(true);
    expect(meta.exif?.includes(DESCRIPTION)).toBe(true);
    expect(meta.exif?.includes("N\0")).toBe(true);
    inputIcc = meta.icc!;
  }, 120_000);
  afterAll(() => t?.close());

  const stored = async (key: string) => (await t.storage.get(keyOfReference(key)!))!;
  const clean = (icc: Buffer, size: number[]) => ({
    exif: null,
    xmp: null,
    icc,
    strings: [],
    orientation: null,
    size,
    format: "jpeg",
  });

  it("avatar, team cover, comic cover and volume art: no EXIF left, the ICC profile kept", async () => {
    const avatar = await sent("/api/users/avatar", owner, t, input);
    expect(avatar.statusCode, avatar.body).toBe(200);
    const cover = await sent(`/api/teams/${teamId}/cover`, owner, t, input);
    expect(cover.statusCode, cover.body).toBe(200);
    const comicCover = await sent("/api/comics/covers", owner, t, input);
    expect(comicCover.statusCode, comicCover.body).toBe(201);
    const art = await sent("/api/comics/arts", owner, t, input, "file", {
      comicId: String(comicId),
      volume: "1",
    });
    expect(art.statusCode, art.body).toBe(201);
    const keys = {
      avatar: (avatar.json() as { url: string }).url,
      teamCover: (cover.json() as { cover: { key: string } }).cover.key,
      comicCover: (comicCover.json() as { key: string }).key,
      art: (art.json() as { image: { key: string } }).image.key,
    };
    for (const [what, key] of Object.entries(keys)) {
      expect({ what, ...(await leftIn(await stored(key))) }).toEqual({
        what,
        ...clean(inputIcc, [600, 800]),
      });
    }
  });

  it("applies the EXIF orientation before dropping it, so the avatar shows as the uploader saw it", async () => {
    const turned = await cameraJpeg(120, 160, 6);
    expect((await sharp(turned).metadata()).orientation).toBe(6);
    const res = await sent("/api/users/avatar", owner, t, turned);
    expect(res.statusCode, res.body).toBe(200);
    const left = await leftIn(await stored((res.json() as { url: string }).url));
    expect(left).toEqual(clean(inputIcc, [160, 120]));
  });

  it("chapter pages keep their exact bytes", async () => {
    const res = await sent(`/api/chapters/${chapterId}/pages`, owner, t, input, "files");
    expect(res.statusCode, res.body).toBe(201);
    const url = (res.json() as { pages: { url: string }[] }).pages[0]!.url;
    expect((await stored(url)).equals(input)).toBe(true);
  });
});

describe("direct uploads (S3)", () => {
  let bucket: TestBucket;
  let t: TestApp;
  let owner: TestUser;
  let teamId: number;

  beforeAll(async () => {
    bucket = await startBucket("vt-metadata");
    t = await createTestApp({ storage: bucket.storage });
    owner = await createUser(t);
    teamId = await createTeam(t, owner);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  it("an avatar and a team logo confirmed from the bucket are stored without EXIF, with their ICC profile", async () => {
    const input = await cameraJpeg(300, 300);
    const icc = (await sharp(input).metadata()).icc!;
    const file = { name: "anh.jpg", bytes: input, type: "image/jpeg" };
    const results: string[] = [];
    for (const base of ["/api/users/avatar", `/api/teams/${teamId}/logo`]) {
      const tickets: TDirectUploadTicket[] = await stage(t, owner, base, [file]);
      const res = await confirmAt(t, owner, base, tickets);
      expect([base, res.statusCode], res.body).toEqual([base, 200]);
      const body = res.json() as { url?: string; logo?: { key: string } };
      const key = keyOfReference(body.url ?? body.logo!.key)!;
      expect(key.startsWith("tmp/")).toBe(false);
      const left = await leftIn((await bucket.storage.get(key))!);
      expect({ base, ...left }).toEqual({
        base,
        exif: null,
        xmp: null,
        icc,
        strings: [],
        orientation: null,
        size: [300, 300],
        format: "jpeg",
      });
      // The object's content type is still the type it was signed for.
      const head = await fetch(bucket.storage.publicUrl(key), { method: "HEAD" });
      expect(head.headers.get("content-type")).toBe("image/jpeg");
      results.push(key);
    }
    expect(results).toHaveLength(2);
  });
});
