import { randomBytes } from "node:crypto";
import type { Storage } from "../../storage/storage.js";

/** The stored bytes of one file row: its upload and its thumbnail. */
export interface BlobKeys {
  storage_key: string | null;
  thumb_key: string | null;
  mime_type: string;
}

/**
 * Copies stored bytes through the storage interface (local disk or S3) under new keys of the copy's
 * project, remembering every key written so that a failed duplication can remove them all. Keys follow the
 * files module: `projects/{project}/{random}`, the thumbnail beside it with `-thumb`.
 */
export function blobCopier(storage: Storage, projectId: number) {
  const written: string[] = [];

  async function copy(from: string, to: string, contentType: string): Promise<boolean> {
    const object = await storage.get(from);
    // A source whose bytes are already gone stays gone in the copy (its download answers 404 alike).
    if (!object) return false;
    await storage.put(to, object.stream, contentType);
    written.push(to);
    return true;
  }

  return {
    /** New keys for a row's blobs, with the bytes copied; a missing source blob gives null. */
    async copyBlobs(row: BlobKeys): Promise<{ storage_key: string | null; thumb_key: string | null }> {
      if (!row.storage_key) return { storage_key: null, thumb_key: null };
      const key = `projects/${projectId}/${randomBytes(16).toString("hex")}`;
      if (!(await copy(row.storage_key, key, row.mime_type || "application/octet-stream"))) return { storage_key: null, thumb_key: null };
      const thumb = row.thumb_key && (await copy(row.thumb_key, `${key}-thumb`, "image/webp")) ? `${key}-thumb` : null;
      return { storage_key: key, thumb_key: thumb };
    },

    /** Removes every blob this copier wrote; used when the rows could not be written. */
    async removeAll(): Promise<void> {
      await Promise.allSettled(written.map((key) => storage.delete(key)));
      written.length = 0;
    },

    /** Keys written so far (for tests and logs). */
    written: (): readonly string[] => written,
  };
}

export type BlobCopier = ReturnType<typeof blobCopier>;
