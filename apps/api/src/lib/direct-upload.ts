/**
 * Direct uploads on S3 (docs/operations.md, "Direct uploads (S3)"): the browser PUTs an image
 * straight to the bucket with a short-lived presigned URL, so page bytes never pass through an API
 * instance. Two calls around the PUT, both made through the one upload flow (lib/upload-flow.ts)
 * by the service that owns the target (e.g. a chapter's pages), with the same scope:
 *
 *   presignImageUploads(request, scope, files)    // 1. before the PUTs: `directTickets`, signed
 *                                                 //    by `presignImageUpload` once authorized
 *   receiveDirectUploads(request, scope, files)   // 3. after the PUTs: `directImages`, read by
 *                                                 //    `runImageUpload`
 *
 * 1. checks each declared size and type (413/415 as the image gate words them), signs a URL for
 *    exactly that size and type, valid PRESIGN_SECONDS, and counts the files against the
 *    uploader's hourly quota last (the bucket takes the bytes without the API, so the quota is
 *    counted when the URLs are handed out; a 429 hands out none). Each ticket carries a token: an HMAC (AUTH_SECRET, the same on every
 *    instance) over user, target, key, size, type and expiry.
 * 3. refuses (403, nothing deleted) any key whose token was not made for this user and target;
 *    more files than the route takes now (e.g. credit pages over the limit) are deleted, 422;
 *    claims every ticket once in the database (a replayed or concurrent confirm of a ticket is
 *    409 upload.ticketUsed, nothing touched); then copies each staged object to a fresh key under
 *    the route's prefix, deletes the staged one and reads the copy through the image gate
 *    (`checkStoredImage`: size and type as signed, pixels, full decode; non-page images are
 *    re-encoded and the encode replaces the copy). When one fails, every object of the request is
 *    deleted and the error is answered, as the multipart path does.
 *
 * The browser only ever writes staged keys (`tmp/...`, STAGING_PREFIX); the presigned URL stays
 * valid for PRESIGN_SECONDS after the confirm, but what is served lives under a key no URL was
 * signed for and that the gate read after it was written, so it cannot change after its check.
 * Staged objects never confirmed are removed by the storage sweep once no ticket can use them
 * (STAGED_MAX_AGE_SECONDS), with the claims of expired tickets.
 * Services take either kind of upload through the one upload flow (lib/upload-flow.ts): the
 * confirm's reader (`directImages`) hands over images with `key` set (stored by the browser), the
 * multipart reader images the flow stores. So the multipart route and its direct pair run the
 * same service function, authorization included.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { IMAGE_MIME_TYPES, IMAGE_TYPES_LABEL, type ImageMimeType } from "@vt/shared/constants";
import type { TDirectUploadedFile, TDirectUploadTicket } from "@vt/shared/contracts/images";
import { IMAGE_EXTENSIONS } from "@vt/shared/image-sniff";
import { scrambledNameOf } from "@vt/shared/scramble";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { directUploadClaims } from "../db/schema/uploads";
import { generateKey, movedKey } from "../storage/keys";
import { canPresign, type S3Storage } from "../storage/s3";
import type { StoragePrefix } from "../storage/storage";
import { AppError } from "./app-error";
import {
  type CheckedImage,
  checkStoredImage,
  countRejection,
  fileTooLarge,
  tooManyFiles,
} from "./image-gate";
import { consumeUploadQuota } from "./upload-quota";

/** Lifetime of a presigned PUT URL. */
export const PRESIGN_SECONDS = 600;
/** How long after the URL expired a confirm is still accepted (a slow PUT started in time). */
const CONFIRM_GRACE_SECONDS = 3600;
/** Where browsers write: never a key that is served (a confirm copies the object out). */
export const STAGING_PREFIX = "tmp" satisfies StoragePrefix;
/** Age after which no ticket can confirm a staged object or its claim any more (the sweep's cutoff). */
export const STAGED_MAX_AGE_SECONDS = PRESIGN_SECONDS + CONFIRM_GRACE_SECONDS + 600;

export interface DirectUploadScope {
  /** What the upload is for, e.g. `chapter:12`: a ticket is only valid for the same target. */
  target: string;
  prefix: StoragePrefix;
  /** Tail of the generated object name (e.g. `_cover`), as for storage.put. */
  suffix?: string;
  /** Chapter pages: store the exact bytes uploaded. Every other image is re-encoded (no metadata). */
  page?: boolean;
  /** Keep a scrambled page's name (docs/scramble-format.md) as the key's last segment (pages). */
  keepScrambledName?: boolean;
  maxBytes: number;
  maxFiles: number;
  types?: readonly ImageMimeType[];
}

export interface DeclaredFile {
  name: string;
  size: number;
  type: string;
}

/** The S3 storage of this instance, or 409 upload.directUnavailable on local storage. */
export function directStorage(request: FastifyRequest): S3Storage {
  const storage = request.server.storage;
  if (!canPresign(storage)) throw new AppError("CONFLICT", "upload.directUnavailable");
  return storage;
}

function sign(secret: string, parts: (string | number)[]): string {
  return createHmac("sha256", secret).update(parts.join("\n")).digest("base64url");
}

function ticketParts(userId: number, target: string, key: string, size: number, mime: string, exp: number) {
  return ["vt-direct-upload-v1", userId, target, key, size, mime, exp];
}

/** Step 1: check the declared files, sign one PUT per file, count the quota, hand them out. */
export async function presignImageUploads(
  request: FastifyRequest,
  scope: DirectUploadScope,
  files: readonly DeclaredFile[],
): Promise<TDirectUploadTicket[]> {
  directStorage(request);
  const user = { id: (await request.server.uploader(request)).userId };
  const types = scope.types ?? IMAGE_MIME_TYPES;
  const tickets: TDirectUploadTicket[] = [];
  try {
    if (files.length > scope.maxFiles) throw tooManyFiles(scope.maxFiles);
    for (const file of files) {
      if (!(types as readonly string[]).includes(file.type)) {
        const label =
          types === IMAGE_MIME_TYPES
            ? IMAGE_TYPES_LABEL
            : types.map((t) => IMAGE_EXTENSIONS[t].toUpperCase()).join(", ");
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", "validation.fileTypeInvalid", {
          params: { types: label },
        });
      }
      if (file.size > scope.maxBytes) throw fileTooLarge(scope.maxBytes);
    }
    for (const file of files) tickets.push(await signTicket(request, scope, user.id, file));
    // Counted last: nothing after it can fail, so a presign never has quota to give back.
    await consumeUploadQuota(
      request,
      files.map((f) => f.size),
    );
  } catch (error) {
    // Refusals of the gate's kinds count in vt_image_gate_rejections_total (others are ignored).
    countRejection(error);
    throw error;
  }
  return tickets;
}

/** One signed PUT for a declared file, with its ticket token. */
async function signTicket(
  request: FastifyRequest,
  scope: DirectUploadScope,
  userId: number,
  file: DeclaredFile,
): Promise<TDirectUploadTicket> {
  const storage = directStorage(request);
  const mime = file.type as ImageMimeType;
  const key = generateKey({
    prefix: STAGING_PREFIX,
    ext: IMAGE_EXTENSIONS[mime],
    contentType: mime,
    ...(scope.suffix ? { suffix: scope.suffix } : {}),
    ...(scope.keepScrambledName && scrambledNameOf(file.name) ? { name: scrambledNameOf(file.name)! } : {}),
  });
  const signed = await storage.presignPut(key, mime, {
    contentLength: file.size,
    expiresIn: PRESIGN_SECONDS,
  });
  const exp = Math.floor(signed.expiresAt.getTime() / 1000) + CONFIRM_GRACE_SECONDS;
  const mac = sign(
    request.server.config.authSecret,
    ticketParts(userId, scope.target, key, file.size, mime, exp),
  );
  return {
    key,
    token: `${file.size}.${mime}.${exp}.${mac}`,
    url: signed.url,
    method: "PUT",
    headers: signed.headers,
    expiresAt: signed.expiresAt.toISOString(),
  };
}

interface VerifiedTicket {
  key: string;
  size: number;
  mime: ImageMimeType;
  filename: string;
}

function verifyTicket(
  secret: string,
  userId: number,
  target: string,
  file: TDirectUploadedFile,
  types: readonly ImageMimeType[],
): VerifiedTicket {
  const invalid = () => new AppError("FORBIDDEN", "upload.ticketInvalid");
  const match = /^(\d{1,12})\.(image\/[a-z]+)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(file.token);
  if (!match) throw invalid();
  const [, sizeText, mime, expText, mac] = match as unknown as [string, string, string, string, string];
  const size = Number(sizeText);
  const exp = Number(expText);
  const expected = Buffer.from(sign(secret, ticketParts(userId, target, file.key, size, mime, exp)));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  if (exp * 1000 < Date.now()) throw invalid();
  if (!(types as readonly string[]).includes(mime)) throw invalid();
  return { key: file.key, size, mime: mime as ImageMimeType, filename: file.filename };
}

export interface ReceivedImage {
  image: CheckedImage;
  /** The storage key the image is served under (the copy of the staged object). */
  key: string;
}

/**
 * Claims every ticket of a confirm at once (one transaction): 409 upload.ticketUsed, nothing
 * claimed, when any of them was confirmed before (or is being confirmed right now elsewhere).
 */
async function claimTickets(db: Db, keys: string[]): Promise<void> {
  const used = new AppError("CONFLICT", "upload.ticketUsed");
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(directUploadClaims)
      .values(keys.map((key) => ({ key })))
      .onConflictDoNothing()
      .returning({ key: directUploadClaims.key });
    if (claimed.length !== keys.length) throw used;
  });
}

/**
 * Step 3: verify every ticket (403 upload.ticketInvalid, nothing touched), claim them (409
 * upload.ticketUsed when one was confirmed before), then copy each staged object out of the
 * browser's reach and pass the copy through the image gate; on the first refusal delete all of
 * the request's objects and rethrow.
 */
export async function receiveDirectUploads(
  request: FastifyRequest,
  scope: DirectUploadScope,
  files: readonly TDirectUploadedFile[],
): Promise<ReceivedImage[]> {
  const storage = directStorage(request);
  const user = { id: (await request.server.uploader(request)).userId };
  const types = scope.types ?? IMAGE_MIME_TYPES;
  const secret = request.server.config.authSecret;
  const tickets = files.map((file) => verifyTicket(secret, user.id, scope.target, file, types));
  if (new Set(tickets.map((t) => t.key)).size !== tickets.length) {
    throw new AppError("VALIDATION", "validation.invalid");
  }
  await claimTickets(
    request.server.db,
    tickets.map((t) => t.key),
  );
  if (tickets.length > scope.maxFiles) {
    // The objects are the caller's own (valid tickets): refused, they go.
    await Promise.all(tickets.map((t) => storage.delete(t.key).catch(() => undefined)));
    countRejection(tooManyFiles(scope.maxFiles));
    throw tooManyFiles(scope.maxFiles);
  }
  const received: ReceivedImage[] = [];
  const served: string[] = [];
  try {
    for (const ticket of tickets) {
      const key = movedKey(ticket.key, scope.prefix);
      served.push(key);
      const copied = await storage.copy(ticket.key, key);
      await storage.delete(ticket.key);
      if (!copied) {
        const missing = new AppError("VALIDATION", "upload.objectMissing");
        countRejection(missing);
        throw missing;
      }
      const image = await checkStoredImage(
        storage,
        key,
        { maxBytes: scope.maxBytes, size: ticket.size, mime: ticket.mime, types, page: scope.page ?? false },
        ticket.filename,
      );
      // A re-encoded image replaces the copy (same key, same type).
      if (!scope.page) {
        await storage.put(image.bytes, {
          prefix: scope.prefix,
          key,
          ext: image.ext,
          contentType: image.mime,
        });
      }
      received.push({ image, key });
    }
  } catch (error) {
    await Promise.all(
      [...tickets.map((t) => t.key), ...served].map((key) => storage.delete(key).catch(() => undefined)),
    );
    throw error;
  }
  return received;
}
