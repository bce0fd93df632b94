import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Readable } from "node:stream";
import { assertSafeKey } from "./storage-key.js";
import type { ByteRange, S3Settings, Storage, StoredObject } from "./storage.js";

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey" || error.name === "NotFound";
  return false;
}

/** Reads a stream into memory; S3 needs the length of what it stores up front. */
async function toBuffer(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Objects in one S3-compatible bucket. A custom endpoint (MinIO, s3rver...) uses path-style addresses. */
export function s3Storage(settings: S3Settings, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      ...(settings.endpoint && { endpoint: settings.endpoint, forcePathStyle: true }),
      ...(settings.accessKeyId && settings.secretAccessKey && {
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
    });
  const Bucket = settings.bucket;

  async function size(key: string): Promise<number | null> {
    assertSafeKey(key);
    try {
      const head = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      const bytes = await toBuffer(body);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const total = await size(key);
      if (total === null) return null;
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket, Key: key, ...(range && { Range: `bytes=${range.start}-${range.end}` }) }));
        const body = answer.Body;
        if (!(body instanceof Readable)) throw new Error("S3 answered without a readable body");
        return { stream: body, size: total };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    size,

    async delete(key) {
      assertSafeKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      return (await size(key)) !== null;
    },
  };
}
