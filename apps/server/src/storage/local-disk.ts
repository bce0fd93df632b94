import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomBytes } from "node:crypto";
import { assertSafeKey } from "./storage-key.js";
import type { ByteRange, Storage, StoredObject } from "./storage.js";

/** Files on the local disk under `root`, one file per key. */
export function localDiskStorage(root: string): Storage {
  const base = path.resolve(root);

  function pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error(`unsafe storage key: ${key}`);
    return full;
  }

  async function size(key: string): Promise<number | null> {
    const full = pathOf(key);
    try {
      const info = await stat(full);
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed, so that a reader never sees half a file.
      const temporary = `${target}.${randomBytes(6).toString("hex")}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const total = await size(key);
      if (total === null) return null;
      const stream = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      return { stream, size: total };
    },

    size,

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key) {
      return (await size(key)) !== null;
    },
  };
}
