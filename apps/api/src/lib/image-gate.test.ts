import { readdirSync } from "node:fs";
import { join } from "node:path";
import { IMAGE_TYPES_LABEL } from "@vt/shared/constants";
import { TEAM_IMAGE_MAX_BYTES } from "@vt/shared/contracts/images";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import {
  call,
  createTeam,
  createUser,
  jpeg,
  multipart,
  pixelBombPng,
  png,
  type TestUser,
  upload,
} from "../../test/fixtures/api";
import { AppError } from "./app-error";
import { checkImage, megabytes } from "./image-gate";
import { translate } from "./messages";

const limits = { maxBytes: 1024 * 1024 };

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("checkImage (content, size and pixel checks)", () => {
  it("identifies a PNG by its bytes even when named .jpg", async () => {
    const image = await checkImage(await png(30, 20), limits, "trang-1.jpg");
    expect(image).toMatchObject({
      mime: "image/png",
      ext: "png",
      width: 30,
      height: 20,
      filename: "trang-1.jpg",
    });
  });

  it("accepts JPEG, PNG, WebP and GIF", async () => {
    const base = () => sharp({ create: { width: 5, height: 5, channels: 3, background: "#3a7" } });
    const cases: [Buffer, string][] = [
      [await base().jpeg().toBuffer(), "image/jpeg"],
      [await base().png().toBuffer(), "image/png"],
      [await base().webp().toBuffer(), "image/webp"],
      [await base().gif().toBuffer(), "image/gif"],
    ];
    for (const [bytes, mime] of cases) expect((await checkImage(bytes, limits)).mime).toBe(mime);
  });

  it("rejects a text file named .png as not an image (415)", async () => {
    const error = await rejection(checkImage(Buffer.from("hello, this is text\n"), limits, "photo.png"));
    expect([error.statusCode, error.message]).toEqual([415, "validation.notAnImage"]);
  });

  it("rejects SVG (script-capable markup) and PDF as not an image, and an empty file", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script/></svg>');
    for (const bytes of [svg, Buffer.from("%PDF-1.4\n1 0 obj\n"), Buffer.alloc(0)]) {
      expect((await rejection(checkImage(bytes, limits))).message).toBe("validation.notAnImage");
    }
  });

  it("rejects other image types with the allowed types named (415)", async () => {
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .tiff()
      .toBuffer();
    const error = await rejection(checkImage(tiff, limits));
    expect([error.statusCode, error.message, error.params]).toEqual([
      415,
      "validation.fileTypeInvalid",
      { types: IMAGE_TYPES_LABEL },
    ]);
  });

  it("rejects a file over the size limit with the limit in MB (413)", async () => {
    const bytes = Buffer.concat([await png(), Buffer.alloc(limits.maxBytes)]);
    const error = await rejection(checkImage(bytes, limits));
    expect([error.statusCode, error.message, error.params]).toEqual([
      413,
      "validation.fileTooLarge",
      { max: 1 },
    ]);
  });

  it("rejects a decompression bomb by its declared pixel count, without decoding it", async () => {
    const bomb = pixelBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2000);
    const error = await rejection(checkImage(bomb, limits));
    expect([error.statusCode, error.message, error.params]).toEqual([
      422,
      "validation.imageTooManyPixels",
      { max: 50 },
    ]);
    // Just under the cap the header passes, and the full decode then finds no pixel data at all.
    const under = await rejection(checkImage(pixelBombPng(5000, 5000), limits));
    expect([under.statusCode, under.message]).toEqual([422, "upload.imageDamaged"]);
  });

  it("refuses truncated and damaged JPEG, PNG, WebP and GIF files as damaged (422), whole ones pass", async () => {
    const noisy = () =>
      sharp({
        create: {
          width: 300,
          height: 400,
          channels: 3,
          background: "#000",
          noise: { type: "gaussian", mean: 120, sigma: 50 },
        },
      });
    const damaged = [422, "upload.imageDamaged"];
    const files: [string, Buffer, (string | number)[]][] = [
      ["jpeg", await noisy().jpeg().toBuffer(), damaged],
      ["png", await noisy().png().toBuffer(), damaged],
      ["gif", await noisy().gif().toBuffer(), damaged],
      ["webp", await noisy().webp().toBuffer(), damaged],
    ];
    for (const [name, whole, expected] of files) {
      expect((await checkImage(whole, limits)).width, name).toBe(300);
      const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
      const error = await rejection(checkImage(cut, limits));
      expect([name, error.statusCode, error.message]).toEqual([name, ...expected]);
    }
  });

  it("rejects truncated bytes that only look like an image as damaged (422)", async () => {
    const error = await rejection(checkImage((await png()).subarray(0, 12), limits));
    expect([error.statusCode, error.message]).toEqual([422, "upload.imageDamaged"]);
  });

  it("shows limits in MB", () => {
    expect(megabytes(5 * 1024 * 1024)).toBe(5);
    expect(megabytes(512 * 1024)).toBe(0.5);
  });
});

describe("image uploads through the API (team logo)", () => {
  let t: TestApp;
  let owner: TestUser;
  let teamId: number;
  const storedFiles = () => {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else out.push(entry.name);
      }
    };
    try {
      walk(join(t.config.storageDir, "teams"));
    } catch {}
    return out;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    teamId = await createTeam(t, owner);
  });
  afterAll(() => t?.close());

  it("stores a PNG renamed .jpg under its real type, with a `teams/` key", async () => {
    const bytes = await png(40, 40);
    const res = await upload(t, owner, `/api/teams/${teamId}/logo`, [
      { filename: "logo.jpg", contentType: "image/jpeg", bytes },
    ]);
    expect(res.statusCode).toBe(200);
    const key = (res.json() as { logo: { key: string; url: string } }).logo.key;
    expect(key).toMatch(/^teams\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+_logo\.png$/);
    // Stored as a fresh encode of the same type (no metadata survives: image-gate.metadata.test.ts).
    expect(await sharp((await t.storage.get(key))!).metadata()).toMatchObject({
      format: "png",
      width: 40,
      height: 40,
    });
    const served = await t.app.inject({ method: "GET", url: `/files/${key}` });
    expect(served.headers["content-type"]).toContain("image/png");
  });

  it("refuses a text file named .png with 'The file is not an image' and stores nothing", async () => {
    const before = storedFiles().length;
    const res = await call(t, owner, "POST", `/api/teams/${teamId}/logo`, { payload: { file: "x" } });
    expect(res.statusCode).toBe(415); // not multipart at all
    const text = await upload(t, owner, `/api/teams/${teamId}/logo`, [
      { filename: "logo.png", contentType: "image/png", bytes: Buffer.from("not an image at all") },
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      message: translate("vi", "validation.notAnImage"),
      code: "UNSUPPORTED_MEDIA_TYPE",
    });
    expect(storedFiles().length).toBe(before);
  });

  it("refuses an oversize file with 'File too large' and the 5 MB limit (413)", async () => {
    const before = storedFiles().length;
    const bytes = Buffer.concat([await jpeg(), Buffer.alloc(TEAM_IMAGE_MAX_BYTES)]);
    const body = multipart([{ filename: "big.jpg", bytes }]);
    const res = await call(t, owner, "POST", `/api/teams/${teamId}/logo`, {
      payload: body.payload,
      headers: { ...body.headers, "x-custom-lang": "en" },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: "File too large, the maximum is 5 MB",
      code: "PAYLOAD_TOO_LARGE",
    });
    expect(storedFiles().length).toBe(before);
  });

  it("refuses a pixel bomb (422) and stores nothing", async () => {
    const before = storedFiles().length;
    const res = await upload(t, owner, `/api/teams/${teamId}/cover`, [
      { filename: "bomb.png", bytes: pixelBombPng(30_000, 30_000) },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: translate("vi", "validation.imageTooManyPixels", { max: 50 }),
      code: "VALIDATION",
    });
    expect(storedFiles().length).toBe(before);
  });

  it("refuses more files than allowed with 'Too many files' and the maximum", async () => {
    const files = await Promise.all(
      Array.from({ length: 11 }, async (_, i) => ({
        field: "files",
        filename: `${i}.png`,
        bytes: await png(),
      })),
    );
    const before = storedFiles().length;
    const res = await upload(t, owner, `/api/teams/${teamId}/credit/pages`, files);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(translate("vi", "validation.tooManyFiles", { max: 10 }));
    expect(storedFiles().length).toBe(before);
  });

  it("names the missing file field (422)", async () => {
    const res = await upload(t, owner, `/api/teams/${teamId}/logo`, [
      { field: "image", filename: "a.png", bytes: await png() },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      translate("vi", "validation.required", { field: translate("vi", "fields.file") }),
    ]);
  });

  it("checks authorization before reading the upload: a non-member gets 404 and nothing is stored", async () => {
    const stranger = await createUser(t);
    const before = storedFiles().length;
    const res = await upload(t, stranger, `/api/teams/${teamId}/logo`, [
      { filename: "a.png", bytes: await png() },
    ]);
    expect(res.statusCode).toBe(404);
    expect(storedFiles().length).toBe(before);
  });
});
