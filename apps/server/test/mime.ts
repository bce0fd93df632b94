/**
 * A small reader of the mail Plotline sends, for tests: headers (unfolded, encoded words decoded),
 * multipart bodies at any depth, and quoted-printable and base64 transfer encodings. Enough to check what
 * nodemailer writes; not a general MIME parser.
 */

/** One part of a mail that is not itself multipart. */
export interface MimeLeaf {
  contentType: string;
  /** The `filename` of an attachment, when it has one. */
  filename: string | null;
  /** The Content-ID without its angle brackets, for inline images. */
  cid: string | null;
  /** The decoded bytes. */
  content: Buffer;
}

/** A mail read back. */
export interface ParsedMail {
  /** Every header by lower-cased name, in order, unfolded and with encoded words decoded. */
  headers: Map<string, string[]>;
  subject: string;
  from: string;
  /** The addresses of the To header, lower-cased, without names. */
  to: string[];
  /** The text/plain part, decoded to a string. */
  text: string | null;
  /** The text/html part, decoded to a string. */
  html: string | null;
  /** Every part that is not the text or the HTML body. */
  attachments: MimeLeaf[];
  /** Every leaf part, in order. */
  leaves: MimeLeaf[];
}

/** Splits raw headers and body at the first empty line. */
function splitHead(raw: Buffer): { head: string; body: Buffer } {
  const text = raw.toString("latin1");
  const match = /\r?\n\r?\n/.exec(text);
  if (!match) return { head: text, body: Buffer.alloc(0) };
  return { head: text.slice(0, match.index), body: raw.subarray(match.index + match[0].length) };
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`); spaces between two of them vanish. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, charset: string, encoding: string, data: string) => {
      const bytes = encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64")
        : Buffer.from(data.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))), "latin1");
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    });
}

function parseHeaders(head: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  // Folded lines (starting with white space) continue the header before them.
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Header bytes were read as latin1: put UTF-8 back together before decoding encoded words.
    const value = decodeEncodedWords(Buffer.from(line.slice(colon + 1).trim(), "latin1").toString("utf8"));
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return headers;
}

/** A header's main value and its parameters: `text/plain; charset=utf-8` gives `text/plain` and `{charset}`. */
function parseParams(value: string): { value: string; params: Record<string, string> } {
  const [main = "", ...rest] = value.split(";");
  const params: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    params[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
  }
  return { value: main.trim().toLowerCase(), params };
}

/** Quoted-printable to bytes: soft line breaks removed, `=XX` read as a byte. */
export function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i];
    const hex = joined.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: Buffer, encoding: string): Buffer {
  switch (encoding) {
    case "base64":
      return Buffer.from(body.toString("latin1").replace(/\s+/g, ""), "base64");
    case "quoted-printable":
      return decodeQuotedPrintable(body.toString("latin1"));
    default:
      return body;
  }
}

/** The parts between the boundaries of a multipart body (the preamble and epilogue left out). */
function splitMultipart(body: Buffer, boundary: string): Buffer[] {
  const parts: string[][] = [];
  let current: string[] | null = null;
  for (const line of body.toString("latin1").split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}--`) break;
    if (trimmed === `--${boundary}`) {
      current = [];
      parts.push(current);
    } else {
      current?.push(line);
    }
  }
  return parts.map((lines) => Buffer.from(lines.join("\r\n"), "latin1"));
}

function collectLeaves(raw: Buffer, headers: Map<string, string[]>, into: MimeLeaf[]): void {
  const type = parseParams(headers.get("content-type")?.[0] ?? "text/plain");
  const { body } = splitHead(raw);
  if (type.value.startsWith("multipart/") && type.params.boundary) {
    for (const part of splitMultipart(body, type.params.boundary)) {
      collectLeaves(part, parseHeaders(splitHead(part).head), into);
    }
    return;
  }
  const disposition = parseParams(headers.get("content-disposition")?.[0] ?? "");
  const cid = headers.get("content-id")?.[0]?.replace(/^<|>$/g, "") ?? null;
  into.push({
    contentType: type.value,
    filename: disposition.params.filename ?? type.params.name ?? null,
    cid,
    content: decodeBody(body, (headers.get("content-transfer-encoding")?.[0] ?? "7bit").toLowerCase()),
  });
}

/** The bare addresses of an address header (`"Ana" <ana@x.test>, bo@x.test`), lower-cased. */
export function addressesOf(value: string | undefined): string[] {
  if (!value) return [];
  return [...value.matchAll(/<([^<>\s]+@[^<>\s]+)>|([^\s,<>"]+@[^\s,<>"]+)/g)].map((match) => (match[1] ?? match[2] ?? "").toLowerCase());
}

/** Reads a raw mail (as SMTP carried it, or an `.eml` file). */
export function parseMail(raw: Buffer | string): ParsedMail {
  const bytes = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  const headers = parseHeaders(splitHead(bytes).head);
  const leaves: MimeLeaf[] = [];
  collectLeaves(bytes, headers, leaves);
  const isAttachment = (leaf: MimeLeaf) => leaf.filename !== null || leaf.cid !== null;
  const text = leaves.find((leaf) => leaf.contentType === "text/plain" && !isAttachment(leaf));
  const html = leaves.find((leaf) => leaf.contentType === "text/html" && !isAttachment(leaf));
  return {
    headers,
    subject: headers.get("subject")?.[0] ?? "",
    from: headers.get("from")?.[0] ?? "",
    to: addressesOf(headers.get("to")?.join(", ")),
    text: text ? text.content.toString("utf8") : null,
    html: html ? html.content.toString("utf8") : null,
    attachments: leaves.filter((leaf) => leaf !== text && leaf !== html),
    leaves,
  };
}
