/** Plain text of the rich text the server sends, for excerpts and emptiness checks. */

/** Plain text of server HTML, for excerpts; the HTML is parsed, never inserted. */
export function htmlToText(html: string): string {
  if (!html) return "";
  const doc = new DOMParser().parseFromString(html, "text/html");
  return (doc.body.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** Whether editor HTML holds nothing worth sending: no text, no mention, no image. */
export function isBlankHtml(html: string): boolean {
  if (!html) return true;
  const doc = new DOMParser().parseFromString(html, "text/html");
  if (doc.querySelector('img, span[data-type="mention"], hr')) return false;
  return (doc.body.textContent ?? "").trim() === "";
}
