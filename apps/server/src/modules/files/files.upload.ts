import createDOMPurify from "dompurify";
import { fileTypeFromBuffer } from "file-type";
import { JSDOM } from "jsdom";
import sharp from "sharp";
import { randomBytes } from "node:crypto";
import { SVG_XSS_ERROR_TYPE } from "@plotline/contracts";
import { AppError, say } from "../../lib/app-error.js";
import type { Storage } from "../../storage/storage.js";

/** Image types a thumbnail is made for (BMP only where the installed libvips reads it). */
const THUMBNAIL_TYPES = new Set(["image/gif", "image/png", "image/jpeg", "image/bmp", "image/webp"]);

/** Types a browser may show in the page rather than save: images (not SVG), video, audio and PDF. */
export function isInlineType(mime: string): boolean {
  if (mime === "image/svg+xml") return false;
  return mime.startsWith("image/") || mime.startsWith("video/") || mime.startsWith("audio/") || mime === "application/pdf";
}

/**
 * A file name safe to store and to send back in Content-Disposition: no folders, no control or reserved
 * characters, no leading dots, at most 200 characters.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, 200);
  return cleaned.length > 0 ? cleaned : "file";
}

/** The type of the bytes, sniffed from their content; the client's claim is never used. */
export async function sniffType(bytes: Buffer): Promise<string> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found || found.mime === "application/xml") {
    const head = bytes.subarray(0, 65_536).toString("utf8");
    if (/<svg[\s>/]/i.test(head)) return "image/svg+xml";
    if (!found && isPlainText(bytes)) return "text/plain";
  }
  return found?.mime ?? "application/octet-stream";
}

function isPlainText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 8192);
  if (sample.includes(0)) return false;
  const text = sample.toString("utf8");
  // HTML is not plain text: served as text it would be harmless, but it is kept as a download instead.
  return !text.includes("\ufffd") && !/<(html|script|body|iframe|!doctype)/i.test(text);
}

const UNSAFE_ELEMENTS = new Set(["script", "foreignobject", "iframe", "embed", "object", "handler", "listener", "set", "animate"]);
const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);/i;

function hasUnsafeValue(value: string): boolean {
  const squeezed = value.replace(/[\s\u0000-\u001f]+/g, "").toLowerCase();
  return squeezed.includes("javascript:") || squeezed.includes("vbscript:") || squeezed.includes("data:text/html");
}

function hasExternalCss(css: string): boolean {
  return /@import/i.test(css) || /expression\s*\(/i.test(css) || /url\(\s*['"]?\s*(?!#)[^)]/i.test(css);
}

/**
 * Why an SVG is unsafe, or null when it is safe to keep: script elements, event handlers, `javascript:`
 * values, external references (links, images, styles) and entity declarations are all refused.
 */
export function svgProblem(bytes: Buffer): string | null {
  const text = bytes.toString("utf8");
  if (/<!ENTITY/i.test(text)) return "entity declarations";
  let dom: JSDOM;
  try {
    dom = new JSDOM(text, { contentType: "image/svg+xml" });
  } catch {
    return "markup that cannot be read";
  }
  try {
    const elements = [...dom.window.document.querySelectorAll("*")];
    for (const element of elements) {
      const name = element.localName.toLowerCase();
      if (UNSAFE_ELEMENTS.has(name)) return `a <${element.localName}> element`;
      if (name === "style" && hasExternalCss(element.textContent ?? "")) return "an external style reference";
      for (const attribute of [...element.attributes]) {
        const attr = attribute.localName.toLowerCase();
        if (attr.startsWith("on")) return "an event handler";
        if (hasUnsafeValue(attribute.value)) return "a javascript: address";
        if ((attr === "href" || attr === "src") && !attribute.value.trim().startsWith("#") && !SAFE_DATA_IMAGE.test(attribute.value.trim())) {
          return "an external reference";
        }
        if (attr === "style" && hasExternalCss(attribute.value)) return "an external style reference";
      }
    }
    // A second opinion: anything DOMPurify's SVG profile strips as active content is refused too.
    const purify = createDOMPurify(dom.window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true } });
    const active = purify.removed.some((entry) => {
      if ("element" in entry && entry.element instanceof dom.window.Element) return UNSAFE_ELEMENTS.has(entry.element.localName.toLowerCase());
      if ("attribute" in entry && entry.attribute) return entry.attribute.name.toLowerCase().startsWith("on");
      return false;
    });
    return active ? "active content" : null;
  } finally {
    dom.window.close();
  }
}

/** Throws the documents' svg_xss error when an SVG upload is unsafe. */
export function assertSafeSvg(bytes: Buffer, name: string): void {
  const problem = svgProblem(bytes);
  if (problem) {
    throw new AppError("svg_xss", say("files.svg_file_was_refused_because_contains", { name, problem }), { extra: { error_type: SVG_XSS_ERROR_TYPE } });
  }
}

/** A small WebP thumbnail of an image, or null when it is not an image sharp can read. */
export async function makeThumbnail(bytes: Buffer, mime: string): Promise<Buffer | null> {
  if (!THUMBNAIL_TYPES.has(mime)) return null;
  try {
    return await sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().resize(240, 240, { fit: "inside", withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  } catch {
    return null;
  }
}

/** One file of a multipart upload, read into memory within the size limit. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** An upload that passed every check: cleaned name, sniffed type, thumbnail when it is a picture. */
export interface PreparedUpload {
  name: string;
  mime: string;
  bytes: Buffer;
  thumb: Buffer | null;
}

/** A prepared upload whose bytes are stored under `key` (and its thumbnail under `thumbKey`). */
export interface StagedUpload extends PreparedUpload {
  key: string;
  thumbKey: string | null;
}

/** Runs every check on the uploads (type sniffed, unsafe SVG refused) and makes thumbnails; stores nothing. */
export async function prepareUploads(uploads: readonly UploadedFile[]): Promise<PreparedUpload[]> {
  const prepared: PreparedUpload[] = [];
  for (const upload of uploads) {
    const name = cleanFileName(upload.filename);
    const mime = await sniffType(upload.bytes);
    if (mime === "image/svg+xml") assertSafeSvg(upload.bytes, name);
    prepared.push({ name, mime, bytes: upload.bytes, thumb: await makeThumbnail(upload.bytes, mime) });
  }
  return prepared;
}

/**
 * Stores prepared uploads under fresh keys of the project (`projects/{project}/{random}`, the thumbnail at
 * `...-thumb`). A failure removes what was stored and rethrows; `discard` removes it all later, when the
 * rows that were to name the blobs could not be written.
 */
export async function stageUploads(storage: Storage, projectId: number, prepared: readonly PreparedUpload[]): Promise<{ staged: StagedUpload[]; discard: () => Promise<void> }> {
  const stored: string[] = [];
  const discard = async () => {
    await Promise.allSettled(stored.map((key) => storage.delete(key)));
  };
  const staged = prepared.map((file) => {
    const key = `projects/${projectId}/${randomBytes(16).toString("hex")}`;
    return { ...file, key, thumbKey: file.thumb ? `${key}-thumb` : null };
  });
  try {
    for (const item of staged) {
      await storage.put(item.key, item.bytes, item.mime);
      stored.push(item.key);
      if (item.thumb && item.thumbKey) {
        await storage.put(item.thumbKey, item.thumb, "image/webp");
        stored.push(item.thumbKey);
      }
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { staged, discard };
}
