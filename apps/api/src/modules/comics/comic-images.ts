/**
 * A comic's images: covers uploaded ahead of POST /comics (through the image gate or stored by
 * the browser), volume art, and removing replaced objects once the database change committed.
 */
import type { TComicArt } from "@vt/shared/contracts/comic-arts";
import type { TCoverUpload } from "@vt/shared/contracts/comics";
import { isValidCoverSize } from "@vt/shared/validation";
import type { SessionUser } from "../../auth/session";
import { fieldError } from "../../lib/app-error";
import { type IncomingImage, storeIncoming } from "../../lib/direct-upload";
import type { CheckedImage } from "../../lib/image-gate";
import {
  type ComicsDeps,
  type CoverReader,
  comicAccess,
  comicAudit,
  inComicTx,
  notFound,
} from "./comic-access";
import { iso } from "./comic-view";
import * as repo from "./comics.repo";

/** Stores a checked cover (portrait 3:4, at least 600x800) for a later POST /comics. */
export async function uploadCover(
  deps: ComicsDeps,
  user: SessionUser,
  readCover: CoverReader,
): Promise<TCoverUpload> {
  const image = await readCover();
  const key = await storeCover(deps, image);
  return reserveCover(deps, user, image, key);
}

/**
 * A cover the browser stored itself (direct upload on S3, already through the image gate): the
 * cover rule, then the reservation for the caller's next POST /comics; refused, it is deleted.
 */
export async function recordDirectCover(
  deps: ComicsDeps,
  user: SessionUser,
  image: CheckedImage,
  key: string,
): Promise<TCoverUpload> {
  try {
    if (!isValidCoverSize(image.width, image.height)) throw fieldError(["file"], "validation.coverRatio");
    return await reserveCover(deps, user, image, key);
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function reserveCover(
  deps: ComicsDeps,
  user: SessionUser,
  image: CheckedImage,
  key: string,
): Promise<TCoverUpload> {
  await repo.recordCoverUpload(deps.db, key, user.id);
  return { key, url: deps.storage.publicUrl(key), width: image.width, height: image.height };
}

/** The cover rule, then the stored key; a refused cover the browser stored itself is deleted. */
export async function storeCover(deps: ComicsDeps, image: IncomingImage): Promise<string> {
  if (!isValidCoverSize(image.width, image.height)) {
    await removeObjects(deps, [image.key ?? null]);
    throw fieldError(["file"], "validation.coverRatio");
  }
  return storeIncoming(deps.storage, image, { prefix: "comics", suffix: "_cover" });
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

/** Who may add volume art (POST /comics/arts and its direct-upload pair): "view". */
export async function authorizeArt(deps: ComicsDeps, user: SessionUser, comicId: number): Promise<void> {
  await comicAccess(deps.db, user, comicId, "view");
}

export async function createArt(
  deps: ComicsDeps,
  user: SessionUser,
  input: { comicId: number; volume: number; image: IncomingImage },
): Promise<TComicArt> {
  // A direct upload is already in the bucket: refused (even by authorization), it is deleted.
  let key = input.image.key ?? null;
  try {
    await authorizeArt(deps, user, input.comicId);
    const stored = await storeIncoming(deps.storage, input.image, {
      prefix: "comics",
      suffix: `_vol${input.volume}`,
    });
    key = stored;
    const row = await inComicTx(deps.db, user, input.comicId, "view", async (tx, access) => {
      const art = await repo.insertArt(tx, {
        comicId: input.comicId,
        volume: input.volume,
        image: stored,
        width: input.image.width,
        height: input.image.height,
        createdBy: user.id,
      });
      await comicAudit(tx, user, access.comic, {
        action: "add_art",
        after: { artId: art.id, volume: art.volume, image: stored },
      });
      return art;
    });
    return toArt(deps, row);
  } catch (error) {
    await removeObjects(deps, [key]);
    throw error;
  }
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
