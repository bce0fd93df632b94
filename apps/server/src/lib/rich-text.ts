import sanitizeHtml from "sanitize-html";
import type { RichText } from "@plotline/contracts";

/**
 * Every rich-text field is cleaned on the way in with one allow-list: the formatting the editor produces
 * (headings, lists, links, images, tables, inline sizes and colours), and nothing that runs.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code",
    "strong", "b", "em", "i", "u", "s", "strike", "sub", "sup", "mark", "span", "a",
    "ul", "ol", "li", "img", "table", "thead", "tbody", "tr", "th", "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    span: ["style", "data-type", "data-id", "data-label"],
    p: ["style"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedStyles: {
    "*": {
      "font-size": [/^\d{1,2}px$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      "text-align": [/^(left|right|center|justify)$/],
    },
  },
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
  },
};

/** Cleans user HTML down to the allow-list. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, ALLOWED).trim();
}

/** The documents' rich-text object for a stored (already clean) value. */
export function toRichText(stored: string | null | undefined): RichText {
  const clean = stored ?? "";
  return { html: clean, content: clean };
}

/** Plain text of stored rich text, for search and activity texts. */
export function richTextToPlain(stored: string | null | undefined): string {
  if (!stored) return "";
  return sanitizeHtml(stored, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
