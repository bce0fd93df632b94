import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDiskStorage } from "../../storage/local-disk.js";
import { s3Storage } from "../../storage/s3.js";
import { createStorage, type Storage } from "../../storage/storage.js";

// One suite, run against every driver: the local disk and S3 (s3rver on loopback, in a temporary folder).

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function storageSuite(name: string, make: () => Storage) {
  describe(`${name} storage`, () => {
    it("stores a buffer and reads it back with its size", async () => {
      const storage = make();
      await storage.put("projects/1/a", Buffer.from("hello world"), "text/plain");
      expect(await storage.exists("projects/1/a")).toBe(true);
      expect(await storage.size("projects/1/a")).toBe(11);
      const object = await storage.get("projects/1/a");
      expect(object?.size).toBe(11);
      expect((await readAll(object!.stream)).toString()).toBe("hello world");
    });

    it("stores a stream and reads a byte range", async () => {
      const storage = make();
      await storage.put("projects/1/b", Readable.from([Buffer.from("0123"), Buffer.from("456789")]), "application/octet-stream");
      const object = await storage.get("projects/1/b", { start: 2, end: 5 });
      expect(object?.size).toBe(10);
      expect((await readAll(object!.stream)).toString()).toBe("2345");
    });

    it("replaces, deletes, and treats missing objects as absent", async () => {
      const storage = make();
      await storage.put("projects/1/c", Buffer.from("one"), "text/plain");
      await storage.put("projects/1/c", Buffer.from("two!"), "text/plain");
      expect(await storage.size("projects/1/c")).toBe(4);
      await storage.delete("projects/1/c");
      expect(await storage.exists("projects/1/c")).toBe(false);
      expect(await storage.get("projects/1/c")).toBeNull();
      expect(await storage.size("projects/1/missing")).toBeNull();
      await expect(storage.delete("projects/1/missing")).resolves.toBeUndefined();
    });

    it("refuses keys that climb out of the store", async () => {
      const storage = make();
      await expect(storage.put("../escape", Buffer.from("x"), "text/plain")).rejects.toThrow(/unsafe/);
      await expect(storage.put("/abs", Buffer.from("x"), "text/plain")).rejects.toThrow(/unsafe/);
      await expect(storage.get("a/../../b")).rejects.toThrow(/unsafe/);
    });
  });
}

let diskRoot: string;
let s3Dir: string;
let s3Server: S3rver;
let s3Endpoint: string;

beforeAll(async () => {
  diskRoot = await mkdtemp(path.join(tmpdir(), "plotline-disk-"));
  s3Dir = await mkdtemp(path.join(tmpdir(), "plotline-s3-"));
  s3Server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: "plotline-test" }] });
  const { port } = await s3Server.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3Server.close();
  await rm(diskRoot, { recursive: true, force: true });
  await rm(s3Dir, { recursive: true, force: true });
});

storageSuite("local disk", () => localDiskStorage(diskRoot));
storageSuite("S3", () =>
  s3Storage({ bucket: "plotline-test", endpoint: s3Endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }));

describe("createStorage", () => {
  it("picks S3 when a bucket is configured and the local disk otherwise", async () => {
    const s3 = createStorage({ dataDir: diskRoot, s3: { bucket: "plotline-test", endpoint: s3Endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
    await s3.put("probe", Buffer.from("s3"), "text/plain");
    expect(await s3.exists("probe")).toBe(true);
    const disk = createStorage({ dataDir: diskRoot, s3: null });
    await disk.put("probe", Buffer.from("disk"), "text/plain");
    expect(await disk.size("probe")).toBe(4);
    expect(await localDiskStorage(path.join(diskRoot, "files")).size("probe")).toBe(4);
  });
});
