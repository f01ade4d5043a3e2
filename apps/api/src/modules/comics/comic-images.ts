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
import {
  type ImageLimits,
  type ImageReader,
  presignImageUpload,
  runImageUpload,
  type TicketRequest,
  type UploadAccess,
} from "../../lib/upload-flow";
import { type ComicsDeps, comicAccess, comicAudit, inComicTx, notFound } from "./comic-access";
import { iso } from "./comic-view";
import * as repo from "./comics.repo";

/** A cover's gate limits: one file, no file is 'validation.coverRequired' on `file`. */
export const COVER_LIMITS: ImageLimits = {
  maxBytes: COMIC_IMAGE_MAX_BYTES,
  maxFiles: 1,
  requiredMessage: "validation.coverRequired",
};

/** Who may upload a cover ahead of POST /comics (any signed-in user), and its limits. */
const COVER_ACCESS = {
  authorize: async () => undefined,
  limits: COVER_LIMITS,
} satisfies UploadAccess<unknown, undefined>;

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
    ...COVER_ACCESS,
    check: checkCover,
    store: (image) => storeCover(deps, image),
    record: async ([cover]) => {
      await repo.recordCoverUpload(deps.db, cover!.key, user.id);
      const { image, key } = cover!;
      return { key, url: deps.storage.publicUrl(key), width: image.width, height: image.height };
    },
  });
}

/** `POST /comics/covers/presign`: authorized as `uploadCover`, then one signed PUT. */
export function presignCover(tickets: TicketRequest<unknown>) {
  return presignImageUpload(tickets, COVER_ACCESS);
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

/** The form of a volume art upload. */
export interface ArtForm {
  comicId: number;
  volume: number;
}

/**
 * Who may add volume art ("view" on the comic) and its limits. A form known before the image (a
 * direct upload's presign and confirm) is authorized at once; see `createArt` for the multipart one.
 */
function artAccess(deps: ComicsDeps, user: SessionUser): UploadAccess<ArtForm, void> {
  return {
    authorize: async (known) => {
      if (known) await comicAccess(deps.db, user, known.comicId, "view");
    },
    limits: { maxBytes: COMIC_IMAGE_MAX_BYTES, maxFiles: 1, maxFields: 10 },
  };
}

/** `POST /comics/arts/presign`: authorized as `createArt` (the comic in the body), then one signed PUT. */
export function presignArt(deps: ComicsDeps, user: SessionUser, tickets: TicketRequest<ArtForm>) {
  return presignImageUpload(tickets, artAccess(deps, user));
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
    ...artAccess(deps, user),
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
