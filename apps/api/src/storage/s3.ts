/**
 * S3-compatible storage (AWS S3, MinIO, Cloudflare R2, Garage, ...). Same contract as the local
 * driver: keys are generated here (keys.ts) and every key passed in is validated with
 * assertValidKey before it becomes an object name, so callers can never address objects outside
 * the allowed prefixes. Objects are read by browsers from S3_PUBLIC_URL (a public bucket, CDN or
 * custom domain); the API itself only talks to S3_ENDPOINT.
 *
 * Extra over the local driver: `presignPut` for browser direct uploads.
 */
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Config } from "../config";
import { keyForPut } from "./keys";
import type { ListedObject, PutOptions, Storage, StoredObject } from "./storage";
import { assertValidKey, InvalidStorageKeyError, isValidKey } from "./storage";

export interface PresignPutOptions {
  /**
   * Exact size in bytes the browser will upload. It is signed into the URL, so the store refuses
   * a body of any other length: check the declared size against your limit, then pass it here.
   * Without it the URL accepts any size and the size must be checked after the upload.
   */
  contentLength?: number;
  /** Lifetime of the URL in seconds (default 600, max 604800). */
  expiresIn?: number;
}

export interface PresignedPut {
  url: string;
  method: "PUT";
  /** Headers the browser must send exactly as given (they are part of the signature). */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface S3Storage extends Storage {
  readonly kind: "s3";
  /**
   * A URL the browser can PUT the object's bytes to directly, without passing through the API.
   * The key is validated like any other (generate it with generateKey, typically under `tmp/`),
   * the Content-Type is signed, and so is the size when `contentLength` is given. Whatever
   * arrives is untrusted: check it (type by content, size, pixels) before publishing it.
   */
  presignPut(key: string, contentType: string, options?: PresignPutOptions): Promise<PresignedPut>;
  /**
   * Copies an object to another key inside the bucket (server side, CopyObject: the bytes never
   * pass through the API), keeping its content type. Resolves to false when `from` does not exist.
   */
  copy(from: string, to: string): Promise<boolean>;
  /** Release the HTTP connections of the S3 client. */
  close(): void;
}

/** Whether this storage can hand out browser direct-upload URLs (only the S3 driver can). */
export function canPresign(storage: Storage): storage is S3Storage {
  return storage.kind === "s3" && typeof (storage as Partial<S3Storage>).presignPut === "function";
}

export interface S3StorageOptions extends S3Config {
  /** Streams larger than this are sent as a multipart upload in parts of this size (default 8 MiB). */
  partSize?: number;
  /** Injected client (tests); by default one is built from the config. */
  client?: S3Client;
}

const MIB = 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * MIB;
const DEFAULT_PRESIGN_SECONDS = 600;
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const CONTENT_TYPE =
  /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;\s*[A-Za-z0-9!#$&^_.+-]+=[A-Za-z0-9!#$&^_.+"-]+)*$/;

function assertContentType(contentType: string): void {
  if (typeof contentType !== "string" || contentType.length > 200 || !CONTENT_TYPE.test(contentType)) {
    throw new InvalidStorageKeyError("bad content type");
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) {
    const name = (error as { name?: string } | null)?.name;
    return name === "NoSuchKey" || name === "NotFound";
  }
  return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404;
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default (CRC32 checksums on every upload, aws-chunked bodies) is not understood
    // by many S3-compatible stores and would leak into presigned URLs; send them only when the
    // operation requires it.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** Read up to `size` bytes from the iterator; `done` when the source is exhausted. */
async function readChunk(
  iterator: AsyncIterator<unknown>,
  carry: { rest: Buffer | null },
  size: number,
): Promise<{ chunk: Buffer; done: boolean }> {
  const parts: Buffer[] = [];
  let length = 0;
  if (carry.rest) {
    parts.push(carry.rest);
    length = carry.rest.length;
    carry.rest = null;
  }
  while (length < size) {
    const next = await iterator.next();
    if (next.done) return { chunk: Buffer.concat(parts, length), done: true };
    const value = next.value;
    const buf = Buffer.isBuffer(value)
      ? value
      : typeof value === "string"
        ? Buffer.from(value)
        : Buffer.from(value as Uint8Array);
    parts.push(buf);
    length += buf.length;
  }
  const all = Buffer.concat(parts, length);
  if (all.length > size) carry.rest = all.subarray(size);
  return { chunk: all.subarray(0, size), done: false };
}

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const client = options.client ?? createS3Client(options);
  const bucket = options.bucket;
  const base = options.publicUrl.replace(/\/+$/, "");
  const partSize = options.partSize ?? DEFAULT_PART_SIZE;

  function listUploads(keyMarker: string | undefined, uploadIdMarker: string | undefined) {
    return client.send(
      new ListMultipartUploadsCommand({
        Bucket: bucket,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      }),
    );
  }

  async function putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  /**
   * A stream of unknown length: small ones are buffered and sent in one PUT, larger ones as a
   * multipart upload (aborted on any error so no orphaned parts are billed).
   */
  async function putStream(key: string, source: Readable, contentType: string): Promise<void> {
    const iterator = source[Symbol.asyncIterator]();
    const carry: { rest: Buffer | null } = { rest: null };
    const first = await readChunk(iterator, carry, partSize);
    if (first.done) {
      await putBuffer(key, first.chunk, contentType);
      return;
    }
    const created = await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
    );
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error("S3 did not return an UploadId");
    try {
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      let current = first;
      for (let partNumber = 1; ; partNumber++) {
        if (current.chunk.length > 0 || partNumber === 1) {
          const uploaded = await client.send(
            new UploadPartCommand({
              Bucket: bucket,
              Key: key,
              UploadId: uploadId,
              PartNumber: partNumber,
              Body: current.chunk,
              ContentLength: current.chunk.length,
            }),
          );
          parts.push({ ETag: uploaded.ETag, PartNumber: partNumber });
        }
        if (current.done) break;
        current = await readChunk(iterator, carry, partSize);
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
        .catch(() => undefined);
      source.destroy();
      throw error;
    }
  }

  return {
    kind: "s3",

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },

    async put(body, putOptions: PutOptions) {
      const key = keyForPut(putOptions);
      assertContentType(putOptions.contentType);
      assertValidKey(key);
      if (body instanceof Readable) await putStream(key, body, putOptions.contentType);
      else await putBuffer(key, Buffer.from(body), putOptions.contentType);
      return key;
    },

    async get(key) {
      assertValidKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!result.Body) return null;
        return Buffer.from(await result.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async stream(key): Promise<StoredObject | null> {
      assertValidKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!result.Body) return null;
        const body = result.Body as unknown;
        const stream =
          body instanceof Readable
            ? body
            : Readable.fromWeb(
                (result.Body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never,
              );
        return {
          stream,
          size: result.ContentLength ?? 0,
          lastModified: result.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      assertValidKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    publicUrl(key) {
      assertValidKey(key);
      // Valid keys are [A-Za-z0-9._-] segments joined by '/', so they need no URL encoding.
      return `${base}/${key}`;
    },

    async *list(): AsyncIterable<ListedObject> {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token, MaxKeys: 1000 }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key && isValidKey(item.Key)) {
            yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async removeIncomplete(before) {
      // A process killed during a multipart upload leaves its parts stored (and billed).
      let removed = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        let page: Awaited<ReturnType<typeof listUploads>>;
        try {
          page = await listUploads(keyMarker, uploadIdMarker);
        } catch (error) {
          // Some S3-compatible stores (and s3rver) do not list multipart uploads: nothing to do
          // here then; a bucket lifecycle rule (AbortIncompleteMultipartUpload) covers them.
          if ((error as { name?: string }).name === "NotImplemented") return removed;
          throw error;
        }
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !isValidKey(upload.Key)) continue;
          if (upload.Initiated && upload.Initiated >= before) continue;
          await client.send(
            new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
          removed++;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
      return removed;
    },

    async presignPut(key, contentType, presignOptions = {}) {
      assertValidKey(key);
      assertContentType(contentType);
      const { contentLength } = presignOptions;
      if (contentLength !== undefined && (!Number.isSafeInteger(contentLength) || contentLength < 0)) {
        throw new RangeError("contentLength must be a non-negative integer");
      }
      const expiresIn = presignOptions.expiresIn ?? DEFAULT_PRESIGN_SECONDS;
      if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_PRESIGN_SECONDS) {
        throw new RangeError(`expiresIn must be 1-${MAX_PRESIGN_SECONDS} seconds`);
      }
      const signed = new Set(["content-type"]);
      if (contentLength !== undefined) signed.add("content-length");
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          ContentType: contentType,
          ...(contentLength !== undefined ? { ContentLength: contentLength } : {}),
        }),
        { expiresIn, signableHeaders: signed },
      );
      const headers: Record<string, string> = { "content-type": contentType };
      if (contentLength !== undefined) headers["content-length"] = String(contentLength);
      return { url, method: "PUT", headers, expiresAt: new Date(Date.now() + expiresIn * 1000) };
    },

    async copy(from, to) {
      assertValidKey(from);
      assertValidKey(to);
      try {
        // Valid keys need no URL encoding (see publicUrl).
        await client.send(
          new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from}` }),
        );
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    close() {
      client.destroy();
    },
  };
}
