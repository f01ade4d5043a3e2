/**
 * The one upload flow (docs/architecture.md, "The one upload flow"). Every service that takes
 * images (chapter pages, comic covers and volume art, avatars, team images) runs `runImageUpload`,
 * and its routes only parse and delegate: a multipart route hands the service
 * `multipartImages(request, parseFields)`, its direct-upload confirm `directImages(request, scope,
 * files, body)`, and the service function is the same for both. The steps, in this order:
 *
 *   1. authorize: who may upload, before a byte of the body is read (a refused caller gets nothing
 *      read, decoded, stored or counted); `known` is the form when it came before the images (the
 *      JSON body of a direct confirm), else undefined;
 *   2. read through the image gate (lib/image-gate.ts, which counts the hourly quota,
 *      lib/upload-quota.ts), or claim and check the objects the browser stored (lib/direct-upload.ts);
 *   3. `check` each image against the upload's own rule (the cover ratio), then `store` it as soon
 *      as it passed (a 300-page request never holds every page in memory; a direct upload is
 *      stored already);
 *   4. `record`: the text fields parsed, then one transaction;
 *   5. `after` the commit: follow-up jobs queued, replaced objects removed (these log, never throw).
 *
 * When anything in 2-4 fails, the objects the request stored are removed and what it counted
 * against the hourly quota is given back, here and nowhere else, before the error is answered.
 *
 * A direct upload's presign runs step 1 of the same upload (its `authorize` and `limits`, the
 * service's `UploadAccess`) through `presignImageUpload`, then signs one PUT per declared file:
 * its route hands the service `directTickets(request, scope, files, form)`.
 */
import type { TDirectUploadedFile, TDirectUploadTicket } from "@vt/shared/contracts/images";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Storage } from "../storage/storage";
import {
  type DeclaredFile,
  type DirectUploadScope,
  presignImageUploads,
  receiveDirectUploads,
} from "./direct-upload";
import { type CheckedImage, type ImageUploadOptions, readImageUploads } from "./image-gate";
import { refundUploadQuota } from "./upload-quota";

/** What a service asks of the gate for one upload (size and file limits, pages or not). */
export type ImageLimits = Omit<ImageUploadOptions, "onImage">;

/** A checked image as the gate or a direct upload gives it: `key` set when the browser stored it. */
export type IncomingImage = CheckedImage & { key?: string };

/**
 * The images and text fields of one request, read only when the flow asks (after authorization).
 * `F` is the form as the route parses it.
 */
export interface ImageReader<F> {
  /** The form when the request gave it before its images (a direct confirm's body); else undefined. */
  readonly known: F | undefined;
  /** Reads the images, handing each to `onImage` in request order as it passes; then the form. */
  read(limits: ImageLimits, onImage: (image: IncomingImage) => Promise<void>): Promise<F>;
  /** Gives back what the request counted against the hourly quota (it ended refused). */
  refund(): Promise<void>;
}

/**
 * The images of a multipart request (through `readImageUploads`), and its text fields parsed by
 * `parse` once every image was read (a bad field is a refusal like any other: files removed, quota
 * given back).
 */
export function multipartImages(request: FastifyRequest): ImageReader<Record<string, string>>;
export function multipartImages<F>(
  request: FastifyRequest,
  parse: (fields: Record<string, string>) => F,
): ImageReader<F>;
export function multipartImages<F>(
  request: FastifyRequest,
  parse: (fields: Record<string, string>) => F = (fields) => fields as F,
): ImageReader<F> {
  return {
    known: undefined,
    async read(limits, onImage) {
      const { fields } = await readImageUploads(request, { ...limits, onImage });
      return parse(fields);
    },
    refund: () => refundUploadQuota(request),
  };
}

/**
 * The objects a browser stored with its direct-upload tickets (`files` of the confirm's body),
 * claimed and checked by `receiveDirectUploads`; `form` is the rest of the body. `scope` may depend
 * on the limits the service asks for (the credit pages still free).
 */
export function directImages<F>(
  request: FastifyRequest,
  scope: DirectUploadScope | ((limits: ImageLimits) => DirectUploadScope),
  files: readonly TDirectUploadedFile[],
  form: F,
): ImageReader<F> {
  return {
    known: form,
    async read(limits, onImage) {
      const received = await receiveDirectUploads(
        request,
        typeof scope === "function" ? scope(limits) : scope,
        files,
      );
      for (const [i, { image, key }] of received.entries()) {
        try {
          await onImage({ ...image, key });
        } catch (error) {
          // The flow removes what it was handed; the objects after this one are removed here.
          const rest = received.slice(i + 1).map((r) => r.key);
          await Promise.all(rest.map((k) => request.server.storage.delete(k).catch(() => undefined)));
          throw error;
        }
      }
      return form;
    },
    refund: () => refundUploadQuota(request),
  };
}

/**
 * The files a direct upload's presign declared (name, size, type), signed once the service
 * authorized them; `known` is the form sent with them (a volume art's comic and volume).
 */
export interface TicketRequest<F> {
  readonly known: F;
  /** One signed PUT per declared file (lib/direct-upload.ts), within the service's limits. */
  sign(limits: ImageLimits): Promise<TDirectUploadTicket[]>;
}

/** A presign request for `scope` (as its confirm's `directImages` takes it). */
export function directTickets(
  request: FastifyRequest,
  scope: DirectUploadScope | ((limits: ImageLimits) => DirectUploadScope),
  files: readonly DeclaredFile[],
): TicketRequest<undefined>;
export function directTickets<F>(
  request: FastifyRequest,
  scope: DirectUploadScope | ((limits: ImageLimits) => DirectUploadScope),
  files: readonly DeclaredFile[],
  form: F,
): TicketRequest<F>;
export function directTickets<F>(
  request: FastifyRequest,
  scope: DirectUploadScope | ((limits: ImageLimits) => DirectUploadScope),
  files: readonly DeclaredFile[],
  form?: F,
): TicketRequest<F | undefined> {
  return {
    known: form,
    sign: (limits) =>
      presignImageUploads(request, typeof scope === "function" ? scope(limits) : scope, files),
  };
}

/** An image of the request and the storage key it is kept under. */
export interface StoredImage {
  image: CheckedImage;
  key: string;
}

export interface UploadDeps {
  storage: Storage;
  log: Pick<FastifyBaseLogger, "warn">;
}

/** The service's part of one upload (see the steps above); `G` is what authorize found. */
export interface UploadSteps<F, G, R> {
  authorize(known: F | undefined): Promise<G>;
  limits: ImageLimits | ((grant: G) => ImageLimits);
  /** A rule of this upload on each image, before it is stored (throws to refuse). */
  check?(image: CheckedImage): void;
  /** Stores one image that the request sent in its body; answers its key. */
  store(image: CheckedImage, grant: G): Promise<string>;
  /** Records the stored images (in request order) with the form: one transaction. */
  record(stored: StoredImage[], form: F, grant: G): Promise<R>;
  /** After the commit: follow-up jobs, replaced objects removed. Never throws. */
  after?(result: R, grant: G): Promise<void>;
}

/** Who may upload and what the gate takes: the steps of an upload that its presign runs too. */
export type UploadAccess<F, G> = Pick<UploadSteps<F, G, unknown>, "authorize" | "limits">;

/** A direct upload's presign: the upload's own authorization and limits, then the signed PUTs. */
export async function presignImageUpload<F, G>(
  tickets: TicketRequest<F>,
  access: UploadAccess<F, G>,
): Promise<TDirectUploadTicket[]> {
  const grant = await access.authorize(tickets.known);
  return tickets.sign(typeof access.limits === "function" ? access.limits(grant) : access.limits);
}

/** Runs one upload through the steps above; see the comment at the top of this file. */
export async function runImageUpload<F, G, R>(
  deps: UploadDeps,
  reader: ImageReader<F>,
  steps: UploadSteps<F, G, R>,
): Promise<R> {
  const grant = await steps.authorize(reader.known);
  const limits = typeof steps.limits === "function" ? steps.limits(grant) : steps.limits;
  const stored: StoredImage[] = [];
  let result: R;
  try {
    const form = await reader.read(limits, async (image) => {
      if (image.key) {
        stored.push({ image, key: image.key });
        steps.check?.(image);
        return;
      }
      steps.check?.(image);
      stored.push({ image, key: await steps.store(image, grant) });
    });
    result = await steps.record(stored, form, grant);
  } catch (error) {
    await discardStored(deps, stored);
    await reader.refund();
    throw error;
  }
  await steps.after?.(result, grant);
  return result;
}

/** Removes the objects of a refused upload; a failure is only logged (the storage sweep retries). */
async function discardStored(deps: UploadDeps, stored: StoredImage[]): Promise<void> {
  for (const { key } of stored) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, "could not delete an image of a refused upload");
    }
  }
}
