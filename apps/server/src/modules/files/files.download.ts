import type { Readable } from "node:stream";
import type { ByteRange } from "../../storage/storage.js";
import type { FileRow } from "./files.repository.js";

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
