import { randomBytes } from "node:crypto";
import { invalidField, say } from "../../lib/app-error.js";
import { assertSafeSvg, cleanFileName, makeThumbnail, sniffType } from "../files/files.upload.js";

/** Largest logo accepted. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/** Image types a logo may be, by sniffed content. */
const LOGO_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"]);

/** An upload checked and ready to store. */
export interface PreparedLogo {
  name: string;
  mime: string;
  bytes: Buffer;
  thumb: Buffer | null;
  key: string;
  thumbKey: string | null;
}

/**
 * Checks an uploaded logo with the files module's upload safety (type sniffed from the bytes, never the
 * client's claim; SVGs refused with `svg_xss` when they carry active content) and makes its thumbnail.
 */
export async function prepareLogo(upload: { filename: string; bytes: Buffer }): Promise<PreparedLogo> {
  if (upload.bytes.length === 0) throw invalidField("file", say("site_settings.chosen_file_empty"));
  if (upload.bytes.length > MAX_LOGO_BYTES) throw invalidField("file", say("site_settings.logo_must_at_most_5_mb"));
  const name = cleanFileName(upload.filename);
  const mime = await sniffType(upload.bytes);
  if (!LOGO_TYPES.has(mime)) throw invalidField("file", say("site_settings.logo_must_png_jpeg_gif_webp"));
  if (mime === "image/svg+xml") assertSafeSvg(upload.bytes, name);
  const key = `site/logo-${randomBytes(16).toString("hex")}`;
  const thumb = await makeThumbnail(upload.bytes, mime);
  return { name, mime, bytes: upload.bytes, thumb, key, thumbKey: thumb ? `${key}-thumb` : null };
}
