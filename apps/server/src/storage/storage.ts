import type { Readable } from "node:stream";
import type { Config } from "../config.js";
import { localDiskStorage } from "./local-disk.js";
import { s3Storage } from "./s3.js";

/** An inclusive byte range, as HTTP Range asks for it. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored object being read. */
export interface StoredObject {
  stream: Readable;
  /** Size of the whole object in bytes, whatever range was asked for. */
  size: number;
}

/**
 * Where uploaded bytes live. Keys are relative paths made by the server (never by the client), so drivers
 * may trust them; a driver still refuses keys that climb out of its root.
 */
export interface Storage {
  /** Stores the bytes under `key`, replacing what was there. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The object's bytes (only `range` when given), or null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Settings of the S3 driver, read from `S3_*` variables. */
export interface S3Settings {
  bucket: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/** The storage the configuration selects: S3 when `S3_BUCKET` is set, else the local disk under the data folder. */
export function createStorage(config: Pick<Config, "dataDir" | "s3">): Storage {
  return config.s3 ? s3Storage(config.s3) : localDiskStorage(`${config.dataDir}/files`);
}
