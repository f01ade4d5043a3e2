/**
 * A comic's images: covers uploaded ahead of POST /comics (through the image gate or stored by
 * the browser), volume art, and removing replaced objects once the database change committed.
 */
import type { TComicArt } from "@vt/shared/contracts/comic-arts";
import { COMIC_IMAGE_MAX_BYTES, type TCoverUpload } from "@vt/shared/contracts/comics";
import { isValidCoverSize } from "@vt/shared/validation";
import type { SessionUser } from "../../auth/session";
import { fieldError } from "../../lib/app-error";
import type { CheckedImage } from "../../lib/image-gate";
import { type ImageLimits, type ImageReader, runImageUpload } from "../../lib/upload-flow";
import { type ComicsDeps, comicAccess, comicAudit, inComicTx, notFound } from "./comic-access";
import { iso } from "./comic-view";
import * as repo from "./comics.repo";

/** A cover's gate limits: one file, no file is 'validation.coverRequired' on `file`. */
export const COVER_LIMITS: ImageLimits = {
  maxBytes: COMIC_IMAGE_MAX_BYTES,
  maxFiles: 1,
  requiredMessage: "validation.coverRequired",
};

/** The cover rule (portrait 3:4, at least 600x800), checked before a cover is stored. */
export function checkCover(image: CheckedImage): void {
  if (!isValidCoverSize(image.width, image.height)) throw fieldError(["file"], "validation.coverRatio");
}

export function storeCover(deps: ComicsDeps, image: CheckedImage): Promise<string> {
  return deps.storage.put(image.bytes, {
    prefix: "comics",
    suffix: "_cover",
    ext: image.ext,
    contentType: image.mime,
  });
}

/**
 * `POST /comics/covers` and its direct pair: a checked cover stored for a later POST /comics (any
 * signed-in user), through the one upload flow (lib/upload-flow.ts).
 */
export function uploadCover(
  deps: ComicsDeps,
  user: SessionUser,
  reader: ImageReader<unknown>,
): Promise<TCoverUpload> {
  return runImageUpload(deps, reader, {
    authorize: async () => undefined,
    limits: COVER_LIMITS,
    check: checkCover,
    store: (image) => storeCover(deps, image),
    record: async ([cover]) => {
      await repo.recordCoverUpload(deps.db, cover!.key, user.id);
      const { image, key } = cover!;
      return { key, url: deps.storage.publicUrl(key), width: image.width, height: image.height };
    },
  });
}

export async function removeObjects(deps: ComicsDeps, keys: (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, "could not delete a replaced comic image");
    }
  }
}

// ── Volume art ────────────────────────────────────────────────────────────────

export function toArt(deps: ComicsDeps, row: repo.ArtRow): TComicArt {
  return {
    id: row.id,
    comicId: row.comicId,
    volume: row.volume,
    image: { key: row.image, url: deps.storage.publicUrl(row.image) },
    width: row.width,
    height: row.height,
    createdAt: iso(row.createdAt),
  };
}

export async function listArts(deps: ComicsDeps, user: SessionUser, comicId: number): Promise<TComicArt[]> {
  await comicAccess(deps.db, user, comicId, "view");
  return (await repo.listArts(deps.db, comicId)).map((r) => toArt(deps, r));
}

/** Who may add volume art (POST /comics/arts and its direct pair): "view". */
export async function authorizeArt(deps: ComicsDeps, user: SessionUser, comicId: number): Promise<void> {
  await comicAccess(deps.db, user, comicId, "view");
}

/** The form of a volume art upload. */
export interface ArtForm {
  comicId: number;
  volume: number;
}

/**
 * `POST /comics/arts` and its direct pair, through the one upload flow (lib/upload-flow.ts). The
 * multipart form names the comic in its text fields, read with the image: that request is
 * authorized by the transaction (the same "view" check, under the comic's lock), its image removed
 * when refused. A direct confirm names it in its body and is authorized before anything is read.
 */
export function createArt(
  deps: ComicsDeps,
  user: SessionUser,
  reader: ImageReader<ArtForm>,
): Promise<TComicArt> {
  return runImageUpload(deps, reader, {
    authorize: async (known) => {
      if (known) await authorizeArt(deps, user, known.comicId);
    },
    limits: { maxBytes: COMIC_IMAGE_MAX_BYTES, maxFiles: 1, maxFields: 10 },
    store: (image) =>
      deps.storage.put(image.bytes, {
        prefix: "comics",
        suffix: "_art",
        ext: image.ext,
        contentType: image.mime,
      }),
    record: async ([art], form) => {
      const { image, key } = art!;
      const row = await inComicTx(deps.db, user, form.comicId, "view", async (tx, access) => {
        const inserted = await repo.insertArt(tx, {
          comicId: form.comicId,
          volume: form.volume,
          image: key,
          width: image.width,
          height: image.height,
          createdBy: user.id,
        });
        await comicAudit(tx, user, access.comic, {
          action: "add_art",
          after: { artId: inserted.id, volume: inserted.volume, image: key },
        });
        return inserted;
      });
      return toArt(deps, row);
    },
  });
}

export async function deleteArt(deps: ComicsDeps, user: SessionUser, artId: number): Promise<void> {
  const art = await repo.findArt(deps.db, artId);
  if (!art) throw notFound();
  await inComicTx(deps.db, user, art.comicId, "view", async (tx, access) => {
    await repo.deleteArt(tx, artId);
    await comicAudit(tx, user, access.comic, {
      action: "delete_art",
      before: { artId, volume: art.volume, image: art.image },
    });
  });
  await removeObjects(deps, [art.image]);
}
