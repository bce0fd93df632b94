/** Display rules of the files screens, kept apart so they can be tested without a browser. */

/** The documents cut titles to 20 characters, uploaded file names to 25 and the single-file modal title to 20. */
export const TITLE_LIMIT = 20;
export const PRO_FILE_NAME_LIMIT = 25;

/** Cuts `text` to `limit` characters, marking the cut with an ellipsis. */
export function truncate(text: string, limit: number = TITLE_LIMIT): string {
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, limit).join("")}…` : text;
}

/** Picture types the documents show as thumbnails: gif, png, jpeg, bmp, webp. */
const IMAGE_MIME_TYPES = new Set(["image/gif", "image/png", "image/jpeg", "image/jpg", "image/bmp", "image/webp"]);

/** Whether a mime type is shown as a picture. */
export function isImageMime(mime: string | null | undefined): boolean {
  return !!mime && IMAGE_MIME_TYPES.has(mime.toLowerCase());
}

/** Whether a mime type plays in a video element. */
export function isVideoMime(mime: string | null | undefined): boolean {
  return !!mime && mime.toLowerCase().startsWith("video/");
}

/** Kinds of link the list shows with their own icon. */
export type LinkKind = "docs" | "sheets" | "slides" | "drive" | "file_sharing" | "personal_cloud" | "other";

/**
 * The kind of a link, from its host and path: cloud-drive documents, spreadsheets and presentations; a
 * file-sharing service; personal cloud storage; anything else.
 */
export function linkKind(url: string): LinkKind {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "other";
  }
  const host = parsed.hostname.toLowerCase();
  const path = parsed.pathname.toLowerCase();
  if (host === "docs.google.com") {
    if (path.startsWith("/spreadsheets")) return "sheets";
    if (path.startsWith("/presentation")) return "slides";
    return "docs";
  }
  if (host === "drive.google.com") return "drive";
  if (host.endsWith("dropbox.com") || host.endsWith("wetransfer.com") || host.endsWith("box.com")) return "file_sharing";
  if (host.endsWith("onedrive.live.com") || host === "1drv.ms" || host.endsWith("icloud.com") || host.endsWith("sharepoint.com")) return "personal_cloud";
  return "other";
}

/** The host a link points to, without "www.", for the list; "" when the address cannot be read. */
export function linkHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, "");
  } catch {
    return "";
  }
}
