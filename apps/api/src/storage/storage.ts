import type { Readable } from "node:stream";

/**
 * First key segment of every stored object. Callers pick one; the driver generates the rest
 * (`<prefix>/<yyyy>/<mm>/<random><suffix>.<ext>`, or `.../<random>/<name><suffix>.<ext>` with a
 * checked name), so user input never becomes a path.
 */
export const STORAGE_PREFIXES = ["comics", "teams", "users", "people", "tmp"] as const;
export type StoragePrefix = (typeof STORAGE_PREFIXES)[number];

export interface PutOptions {
  prefix: StoragePrefix;
  /** File extension without dot, lowercase letters/digits (e.g. "jpg", "webp", "zip"). */
  ext: string;
  contentType: string;
  /** Optional tail of the generated name, [A-Za-z0-9_-] only (e.g. "_credit", "_1L5"). */
  suffix?: string;
  /**
   * Optional last path segment (without extension), [A-Za-z0-9_-] only: the object goes under
   * `<prefix>/<yyyy>/<mm>/<random>/<name><suffix>.<ext>`. Scrambled pages keep their name
   * `{10-char id}_{ratio with L}` this way, which the platform's readers read the ratio from
   * (docs/scramble-format.md, "Encoding and file name").
   */
  name?: string;
  /**
   * An exact key instead of a generated one, for a derived object stored beside its source
   * (`thumbKeyOf(source)`); must start with `<prefix>/` and be a valid key. Overwrites.
   */
  key?: string;
}

export interface StoredObject {
  stream: Readable;
  size: number;
  lastModified: Date;
}

/** One object as `list()` reports it. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface Storage {
  readonly kind: "local" | "s3";
  /** Store bytes under a freshly generated key; resolves to that key once fully written. */
  put(body: Buffer | Uint8Array | Readable, options: PutOptions): Promise<string>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** A read stream of the object, or null when there is no such object. */
  stream(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Remove the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Absolute URL under which browsers and readers fetch the object. */
  publicUrl(key: string): string;
  /** Throws when the store cannot be written to now (readiness probe: folder writable, bucket reachable). */
  ping(): Promise<void>;
  /** Every stored object with a valid key, in no particular order (the storage sweep walks it). */
  list(): AsyncIterable<ListedObject>;
  /**
   * Remove what interrupted writes left behind (a process killed mid-upload) if it was last
   * touched before `before`; resolves to how many were removed.
   */
  removeIncomplete(before: Date): Promise<number>;
}

export class InvalidStorageKeyError extends Error {
  constructor(reason: string) {
    super(`Invalid storage key: ${reason}`);
    this.name = "InvalidStorageKeyError";
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Keys are relative, '/'-separated, made of [A-Za-z0-9._-] only: this rejects '..', absolute
 * paths, backslashes, NUL bytes, percent-encoded traversal and anything else unusual before a
 * driver ever builds a path or an object name from it.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== "string" || key.length === 0) throw new InvalidStorageKeyError("empty");
  if (key.length > 512) throw new InvalidStorageKeyError("too long");
  const segments = key.split("/");
  if (segments.length < 2) throw new InvalidStorageKeyError("missing prefix");
  if (!(STORAGE_PREFIXES as readonly string[]).includes(segments[0]!)) {
    throw new InvalidStorageKeyError("unknown prefix");
  }
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === "." || segment === "..") {
      throw new InvalidStorageKeyError("bad segment");
    }
  }
}

export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

const EXT = /^[a-z0-9]{1,10}$/;
const SUFFIX = /^[A-Za-z0-9_-]{0,64}$/;
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function assertValidPutOptions(options: PutOptions): void {
  if (!(STORAGE_PREFIXES as readonly string[]).includes(options.prefix)) {
    throw new InvalidStorageKeyError(`prefix must be one of ${STORAGE_PREFIXES.join(", ")}`);
  }
  if (!EXT.test(options.ext))
    throw new InvalidStorageKeyError("extension must be 1-10 lowercase letters/digits");
  if (options.suffix !== undefined && !SUFFIX.test(options.suffix)) {
    throw new InvalidStorageKeyError("suffix may only contain letters, digits, '_' and '-'");
  }
  if (options.name !== undefined && !NAME.test(options.name)) {
    throw new InvalidStorageKeyError("name must be 1-64 letters, digits, '_' or '-'");
  }
  if (options.key !== undefined) {
    assertValidKey(options.key);
    if (!options.key.startsWith(`${options.prefix}/`))
      throw new InvalidStorageKeyError("key outside its prefix");
  }
}
