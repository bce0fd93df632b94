import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { notFound, say } from "../../lib/app-error.js";
import type { ByteRange, Storage } from "../../storage/storage.js";
import type { FileRow } from "./files.repository.js";
import { isInlineType } from "./files.upload.js";

/** What the download route streams: the whole object or one range of it, or a refusal of the range. */
export type DownloadPlan =
  | { kind: "stream"; row: FileRow; stream: Readable; size: number; range: ByteRange | null; mime: string }
  | { kind: "unsatisfiable"; size: number };

/**
 * One byte range from an HTTP Range header (`bytes=0-99`, `bytes=100-`, `bytes=-100`), null to send the
 * whole file (no header, another unit, or several ranges, which are allowed to be ignored), or
 * "unsatisfiable" for a range outside the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText = "", endText = ""] = match;
  if (startText === "" && endText === "") return null;
  if (size === 0) return "unsatisfiable";
  if (startText === "") {
    const suffix = Number(endText);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === "" ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/** `attachment` or `inline` with the name in both the plain and the RFC 5987 forms. */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Opens a stored upload (or its thumbnail) for streaming, honouring one HTTP byte range; 404 when the bytes are gone. */
export async function openStored(storage: Storage, row: FileRow, rangeHeader: string | undefined, thumb: boolean): Promise<DownloadPlan> {
  const key = thumb ? row.thumb_key : row.storage_key;
  if (!key) throw notFound(say(thumb ? "files.thumbnail_not_found" : "common.file_not_found"));
  const size = await storage.size(key);
  if (size === null) throw notFound(say("common.file_not_found"));
  const range = thumb ? null : parseRange(rangeHeader, size);
  if (range === "unsatisfiable") return { kind: "unsatisfiable", size };
  const object = await storage.get(key, range ?? undefined);
  if (!object) throw notFound(say("common.file_not_found"));
  return { kind: "stream", row, stream: object.stream, size, range, mime: thumb ? "image/webp" : row.mime_type };
}

/**
 * Sends a plan: the right Content-Type, Content-Disposition (inline only for types a browser shows
 * safely), `nosniff`, and 206 with Content-Range for a range, so that a video plays and seeks.
 */
export function sendDownload(plan: DownloadPlan, reply: FastifyReply, disposition: "auto" | "inline"): FastifyReply {
  reply.header("X-Content-Type-Options", "nosniff").header("Accept-Ranges", "bytes").header("Cache-Control", "no-store");
  if (plan.kind === "unsatisfiable") {
    return reply.code(416).header("Content-Range", `bytes */${plan.size}`).send();
  }
  const kind = disposition === "inline" || isInlineType(plan.mime) ? "inline" : "attachment";
  reply.header("Content-Type", plan.mime || "application/octet-stream").header("Content-Disposition", contentDisposition(kind, plan.row.original_name));
  if (plan.range) {
    reply.code(206).header("Content-Range", `bytes ${plan.range.start}-${plan.range.end}/${plan.size}`).header("Content-Length", plan.range.end - plan.range.start + 1);
  } else {
    reply.header("Content-Length", plan.size);
  }
  return reply.send(plan.stream);
}
