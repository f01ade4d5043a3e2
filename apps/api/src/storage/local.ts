/**
 * Local-directory storage under STORAGE_DIR. Writes are atomic (temp file in the target folder,
 * then rename), keys are generated here, and no operation can reach outside the root: keys are
 * validated, the resolved path must stay under the root, and symlinks are refused both in the
 * folders (realpath check) and on the file itself (O_NOFOLLOW).
 *
 * `put` is on the upload hot path: the month folder a key lands in is created and
 * checked (no symlink on the way) once per process and then remembered, and a Buffer is written
 * with one `writeFile` to an exclusive temp name (O_EXCL: never through a planted link) and renamed,
 * with no stream and no copy. A folder removed behind our back is created again on ENOENT.
 */
import { randomBytes } from "node:crypto";
import { constants, createWriteStream } from "node:fs";
import {
  access,
  type FileHandle,
  lstat,
  mkdir,
  open,
  readdir,
  realpath,
  rename,
  rm,
  unlink,
  writeFile,
} from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { keyForPut } from "./keys";
import type { ListedObject, PutOptions, Storage, StoredObject } from "./storage";
import { assertValidKey, InvalidStorageKeyError, isValidKey } from "./storage";

export interface LocalStorageOptions {
  root: string;
  /** Base URL the /files route is reachable under, e.g. `${PUBLIC_URL}/files`. */
  publicBaseUrl: string;
}

/** mkdir -p that refuses to pass through a symlink (plain `recursive: true` would follow it). */
async function makeDirsInside(root: string, relative: string): Promise<void> {
  let current = root;
  for (const segment of relative.split(sep)) {
    current = join(current, segment);
    try {
      await mkdir(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const info = await lstat(current);
    if (!info.isDirectory()) throw new InvalidStorageKeyError("outside root (symlink)");
  }
}

export async function createLocalStorage(options: LocalStorageOptions): Promise<Storage> {
  await mkdir(options.root, { recursive: true });
  const root = await realpath(options.root);
  const base = options.publicBaseUrl.replace(/\/+$/, "");

  /** Absolute path of a key after checking that it (and its real folder) stay inside root. */
  async function pathOf(key: string, { createDirs = false } = {}): Promise<string> {
    assertValidKey(key);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new InvalidStorageKeyError("outside root");
    const dir = dirname(path);
    if (createDirs) await makeDirsInside(root, dir.slice(root.length + 1));
    let realDir: string;
    try {
      realDir = await realpath(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return path;
      throw error;
    }
    if (realDir !== root && !realDir.startsWith(root + sep)) {
      throw new InvalidStorageKeyError("outside root (symlink)");
    }
    return join(realDir, path.slice(dir.length + 1));
  }

  /** Folders (absolute, real) that `put` already created and checked inside the root. */
  const readyDirs = new Set<string>();

  /** The real folder of a new key, created and checked once per folder. */
  async function folderForPut(key: string): Promise<{ dir: string; path: string }> {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new InvalidStorageKeyError("outside root");
    const dir = dirname(path);
    if (!readyDirs.has(dir)) {
      const real = dirname(await pathOf(key, { createDirs: true }));
      if (real !== dir) throw new InvalidStorageKeyError("outside root (symlink)");
      readyDirs.add(dir);
    }
    return { dir, path };
  }

  /** Open for reading without following a symlink at the last component. */
  async function openForRead(key: string): Promise<FileHandle | null> {
    const path = await pathOf(key);
    try {
      const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return handle;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ELOOP" || code === "ENOTDIR" || code === "EISDIR") return null;
      throw error;
    }
  }

  return {
    kind: "local",

    async put(body, putOptions: PutOptions) {
      const key = keyForPut(putOptions);
      for (let attempt = 0; ; attempt++) {
        const { dir, path } = await folderForPut(key);
        const tmp = join(dir, `.tmp-${randomBytes(8).toString("hex")}`);
        try {
          if (body instanceof Readable) {
            await pipeline(body, createWriteStream(tmp, { flags: "wx", mode: 0o644 }));
          } else {
            await writeFile(tmp, body, { flag: "wx", mode: 0o644 });
          }
          await rename(tmp, path);
          return key;
        } catch (error) {
          await rm(tmp, { force: true });
          // The folder was removed since it was remembered: make it again (a stream cannot be replayed).
          const gone = (error as NodeJS.ErrnoException).code === "ENOENT";
          readyDirs.delete(dir);
          if (!gone || attempt > 0 || body instanceof Readable) throw error;
        }
      }
    },

    async get(key) {
      const handle = await openForRead(key);
      if (!handle) return null;
      try {
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    },

    async stream(key): Promise<StoredObject | null> {
      const handle = await openForRead(key);
      if (!handle) return null;
      const info = await handle.stat();
      return { stream: handle.createReadStream(), size: info.size, lastModified: info.mtime };
    },

    async exists(key) {
      try {
        const info = await lstat(await pathOf(key));
        return info.isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(await pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    },

    publicUrl(key) {
      assertValidKey(key);
      return `${base}/${key}`;
    },

    async ping() {
      await access(root, constants.W_OK);
    },

    async *list(): AsyncIterable<ListedObject> {
      for await (const { rel, size, mtime } of walk(root)) {
        if (isValidKey(rel)) yield { key: rel, size, lastModified: mtime };
      }
    },

    async removeIncomplete(before) {
      let removed = 0;
      for await (const { rel, path, mtime } of walk(root)) {
        if (TEMP_FILE.test(rel.slice(rel.lastIndexOf("/") + 1)) && mtime < before) {
          await rm(path, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

/** The temporary name `put` writes to before the rename. */
const TEMP_FILE = /^\.tmp-[0-9a-f]{16}$/;

/** Regular files under `dir` (symlinks are neither followed nor reported). */
async function* walk(
  dir: string,
  prefix = "",
): AsyncIterable<{ rel: string; path: string; size: number; mtime: Date }> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(path, rel);
    else if (entry.isFile()) {
      try {
        const info = await lstat(path);
        yield { rel, path, size: info.size, mtime: info.mtime };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
}
