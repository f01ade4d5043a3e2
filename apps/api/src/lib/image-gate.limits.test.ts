/**
 * The image gate refuses by the header's declared size before any decode (each
 * side, the aspect ratio), on every image route, and the decoding work of the process is bounded
 * (decode slots: a full line answers 429 with Retry-After). Long webtoon strips still pass
 * (docs/operations.md, "The image gate").
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { IMAGE_MAX_ASPECT, IMAGE_MAX_SIDE } from "@vt/shared/contracts/images";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import {
  call,
  createTeam,
  createUser,
  hairlinePng,
  jpeg,
  multipart,
  type TestUser,
} from "../../test/fixtures/api";
import { createComic } from "../../test/fixtures/comics";
import { AppError } from "./app-error";
import { DECODE_LIMIT, DECODE_QUEUE, decodeSlots } from "./decode-slots";
import { checkImage } from "./image-gate";
import { translate } from "./messages";
import { metrics } from "./metrics";

const limits = { maxBytes: 7 * 1024 * 1024 };
const decodes = async () => (await metrics.decodes.get()).values[0]?.value ?? 0;

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("declared size caps (header only, before any decode)", () => {
  it("refuses the 78 KB 1 x 40,000,000 PNG by its side without decoding it", async () => {
    const bytes = hairlinePng();
    expect(bytes.length).toBeLessThan(100_000);
    const before = await decodes();
    const error = await rejection(checkImage(bytes, limits));
    expect([error.statusCode, error.message, error.params]).toEqual([
      422,
      "validation.imageSideTooLong",
      { max: IMAGE_MAX_SIDE },
    ]);
    expect(await decodes()).toBe(before);
  });

  it("refuses a line of 1 x 20,000 and 50 x 40,000 px by the aspect ratio without decoding it", async () => {
    const before = await decodes();
    for (const [width, height] of [
      [1, 20_000],
      [50, 40_000],
      [20_000, 100],
    ] as const) {
      const bytes = await sharp({ create: { width, height, channels: 3, background: "#fff" } })
        .png()
        .toBuffer();
      const error = await rejection(checkImage(bytes, limits));
      expect([width, height, error.statusCode, error.message, error.params]).toEqual([
        width,
        height,
        422,
        "validation.imageTooNarrow",
        { max: IMAGE_MAX_ASPECT },
      ]);
    }
    expect(await decodes()).toBe(before);
  });

  it("accepts real long webtoon strips (800 x 12,000 and 720 x 40,000)", async () => {
    for (const [width, height] of [
      [800, 12_000],
      [720, 40_000],
    ] as const) {
      const bytes = await sharp({ create: { width, height, channels: 3, background: "#eee" } })
        .jpeg()
        .toBuffer();
      const before = await decodes();
      expect(await checkImage(bytes, limits)).toMatchObject({ width, height, mime: "image/jpeg" });
      expect(await decodes()).toBe(before + 1);
    }
  });
});

describe("routes: the hairline PNG and a full decode line", () => {
  let t: TestApp;
  let user: TestUser;
  let chapterId: number;

  const stored = () => {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else out.push(entry.name);
      }
    };
    walk(t.config.storageDir);
    return out.length;
  };
  const send = (url: string, field: string, bytes: Buffer, lang: "vi" | "en", filename = "strip.png") => {
    const body = multipart([{ field, filename, contentType: "image/png", bytes }]);
    return call(t, user, "POST", url, {
      payload: body.payload,
      headers: { ...body.headers, "x-custom-lang": lang },
    });
  };
  const pageCount = async () =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from chapter_pages where chapter_id = ${chapterId}`,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
    const teamId = await createTeam(t, user);
    const comic = await createComic(t, user, teamId);
    const res = await call(t, user, "POST", "/api/chapters", { payload: { comicId: comic.id, order: 1 } });
    chapterId = (res.json() as { id: number }).id;
  }, 120_000);
  afterAll(async () => {
    decodeSlots.configure({ limit: DECODE_LIMIT, queue: DECODE_QUEUE });
    await t?.close();
  });

  it("avatar and chapter pages refuse it with a translated 422, before any decode, storing nothing", async () => {
    const bytes = hairlinePng();
    const filesBefore = stored();
    const before = await decodes();
    for (const [url, field] of [
      ["/api/users/avatar", "file"],
      [`/api/chapters/${chapterId}/pages`, "files"],
    ] as const) {
      const vi = await send(url, field, bytes, "vi");
      const en = await send(url, field, bytes, "en");
      expect([url, vi.statusCode, vi.json(), en.json()]).toEqual([
        url,
        422,
        {
          message: translate("vi", "validation.imageSideTooLong", { max: IMAGE_MAX_SIDE }),
          code: "VALIDATION",
        },
        {
          message: translate("en", "validation.imageSideTooLong", { max: IMAGE_MAX_SIDE }),
          code: "VALIDATION",
        },
      ]);
      expect(vi.json().message).not.toBe(en.json().message);
    }
    expect(await decodes()).toBe(before);
    expect(stored()).toBe(filesBefore);
    expect(await pageCount()).toBe(0);
  });

  it("a full decode line answers 429 with Retry-After and a translated message, then serves again", async () => {
    const good = await jpeg(64, 64);
    decodeSlots.configure({ limit: 1, queue: 0 });
    let release!: () => void;
    const held = decodeSlots.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const vi = await send("/api/users/avatar", "file", good, "vi", "a.jpg");
      const en = await send("/api/users/avatar", "file", good, "en", "a.jpg");
      expect(vi.statusCode).toBe(429);
      const seconds = Number(vi.headers["retry-after"]);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(vi.json()).toEqual({
        message: translate("vi", "upload.gateBusy", { seconds }),
        code: "RATE_LIMITED",
      });
      expect(en.json().message).toBe(
        translate("en", "upload.gateBusy", { seconds: Number(en.headers["retry-after"]) }),
      );
    } finally {
      release();
      await held;
      decodeSlots.configure({ limit: DECODE_LIMIT, queue: DECODE_QUEUE });
    }
    const again = await send("/api/users/avatar", "file", good, "vi", "a.jpg");
    expect(again.statusCode, again.body).toBe(200);
  });

  it("a waiting check gets the next free slot, in arrival order", async () => {
    decodeSlots.configure({ limit: 1, queue: 2 });
    const order: string[] = [];
    let release!: () => void;
    const first = decodeSlots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = decodeSlots.run(async () => {
      order.push("second");
    });
    const third = decodeSlots.run(async () => {
      order.push("third");
    });
    const fourth = await rejection(decodeSlots.run(async () => order.push("fourth")));
    expect([fourth.statusCode, fourth.message]).toEqual([429, "upload.gateBusy"]);
    release();
    await Promise.all([first, second, third]);
    expect(order).toEqual(["second", "third"]);
    decodeSlots.configure({ limit: DECODE_LIMIT, queue: DECODE_QUEUE });
  });
});
