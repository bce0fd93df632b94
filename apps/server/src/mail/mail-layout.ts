/**
 * The one look of every mail Plotline sends: the site's logo (or its name) on top, a heading, the body, a
 * button back to the record, and a footer naming the site. A body is made of blocks of plain text that
 * the layout escapes, so a task's title or a comment can never become markup in the HTML part.
 */

/** One line of a list block: text, an optional link, and a dimmed note after it. */
export interface MailListItem {
  text: string;
  url?: string;
  note?: string;
}

/** A piece of a mail's body. */
export type MailBlock =
  | { type: "paragraph"; text: string }
  /** Someone's words (a comment's excerpt), set apart. */
  | { type: "quote"; text: string }
  | { type: "heading"; text: string }
  | { type: "list"; items: readonly MailListItem[] };

/** What the layout is given. */
export interface MailContent {
  /** The first line under the header. */
  heading: string;
  blocks: readonly MailBlock[];
  /** The button back to Plotline. */
  link?: { url: string; label: string };
  /** The footer's reason for the mail ("You get this because ..."). */
  footer?: string;
}

/** How the site signs its mail: its name and, when it has one that mail can show, the logo as an inline image. */
export interface MailBrand {
  siteName: string;
  /** The Content-ID of the logo attached inline; null shows the site's name instead. */
  logoCid: string | null;
  /** The site's address, linked from the footer. */
  siteUrl: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Only web addresses become links: anything else is shown as text. */
function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function listItemHtml(item: MailListItem): string {
  const text = item.url && isWebUrl(item.url) ? `<a href="${escapeHtml(item.url)}" style="color:#1c7ed6">${escapeHtml(item.text)}</a>` : escapeHtml(item.text);
  const note = item.note ? ` <span style="color:#868e96">${escapeHtml(item.note)}</span>` : "";
  return `<li style="margin:0 0 6px">${text}${note}</li>`;
}

function blockHtml(block: MailBlock): string {
  switch (block.type) {
    case "paragraph":
      return `<p style="margin:0 0 14px">${escapeHtml(block.text)}</p>`;
    case "quote":
      return `<blockquote style="margin:0 0 14px;padding:8px 12px;border-left:3px solid #dee2e6;color:#495057;white-space:pre-line">${escapeHtml(block.text)}</blockquote>`;
    case "heading":
      return `<h3 style="margin:18px 0 8px;font-size:15px">${escapeHtml(block.text)}</h3>`;
    case "list":
      return `<ul style="margin:0 0 14px;padding-left:20px">${block.items.map(listItemHtml).join("")}</ul>`;
  }
}

function blockText(block: MailBlock): string {
  switch (block.type) {
    case "paragraph":
      return block.text;
    case "quote":
      return block.text.split("\n").map((line) => `> ${line}`).join("\n");
    case "heading":
      return `${block.text}\n${"-".repeat(Math.min(block.text.length, 60))}`;
    case "list":
      return block.items.map((item) => `- ${item.text}${item.note ? ` (${item.note})` : ""}${item.url ? `\n  ${item.url}` : ""}`).join("\n");
  }
}

/** The plain-text part. */
export function renderMailText(content: MailContent, brand: MailBrand): string {
  const parts = [brand.siteName, "", content.heading, "", ...content.blocks.flatMap((block) => [blockText(block), ""])];
  if (content.link) parts.push(`${content.link.label}: ${content.link.url}`, "");
  parts.push("-- ", content.footer ? `${content.footer}\n${brand.siteName} - ${brand.siteUrl}` : `${brand.siteName} - ${brand.siteUrl}`);
  return `${parts.join("\n")}\n`;
}

/** The HTML part: one table-based column with inline styles, which mail clients render alike. */
export function renderMailHtml(content: MailContent, brand: MailBrand): string {
  const header = brand.logoCid
    ? `<img src="cid:${escapeHtml(brand.logoCid)}" alt="${escapeHtml(brand.siteName)}" height="40" style="height:40px;max-width:240px;border:0">`
    : `<span style="font-size:20px;font-weight:700;color:#1c7ed6">${escapeHtml(brand.siteName)}</span>`;
  const button = content.link && isWebUrl(content.link.url)
    ? `<p style="margin:22px 0 6px"><a href="${escapeHtml(content.link.url)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.link.label)}</a></p>`
    : "";
  const footer = `${content.footer ? `${escapeHtml(content.footer)}<br>` : ""}<a href="${escapeHtml(brand.siteUrl)}" style="color:#868e96">${escapeHtml(brand.siteName)}</a>`;
  return [
    "<!doctype html>",
    `<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f1f3f5">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:14px;line-height:1.5;color:#212529">',
    `<tr><td style="padding:20px 28px;border-bottom:1px solid #e9ecef">${header}</td></tr>`,
    `<tr><td style="padding:24px 28px"><h2 style="margin:0 0 16px;font-size:18px">${escapeHtml(content.heading)}</h2>`,
    content.blocks.map(blockHtml).join(""),
    button,
    "</td></tr>",
    `<tr><td style="padding:16px 28px;border-top:1px solid #e9ecef;font-size:12px;color:#868e96">${footer}</td></tr>`,
    "</table></td></tr></table></body></html>",
  ].join("\n");
}
