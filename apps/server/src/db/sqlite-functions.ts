import type SqliteDatabase from "better-sqlite3";

// Block-level tags become a space so that "<p>a</p><p>b</p>" reads "a b"; inline tags vanish so that
// "<strong>Home</strong>page" stays one word. Stored rich text has been sanitised (lib/rich-text.ts), so
// a `>` never appears inside an attribute and `<[^>]*>` is a whole tag.
const BLOCK_TAG = /<\/?(?:p|br|hr|h[1-6]|blockquote|pre|li|ul|ol|table|thead|tbody|tr|th|td|div)(?:\s[^>]*)?\/?>/gi;
const ANY_TAG = /<[^>]*>/g;
const ENTITIES: ReadonlyArray<[string, string]> = [
  ["&nbsp;", " "],
  ["&lt;", "<"],
  ["&gt;", ">"],
  ["&quot;", '"'],
  ["&#39;", "'"],
  ["&#x27;", "'"],
  // Last, so that "&amp;lt;" reads "&lt;" and not "<".
  ["&amp;", "&"],
];

/**
 * Plain text of stored rich text, as the search index keeps it. PostgreSQL runs the same steps in SQL
 * (`plotline_plain_text` of migration 0008-search), so both engines index the same words.
 */
export function plainTextOfHtml(html: string | null | undefined): string {
  if (!html) return "";
  let text = html.replace(BLOCK_TAG, " ").replace(ANY_TAG, "");
  for (const [entity, char] of ENTITIES) text = text.split(entity).join(char);
  return text.replace(/\s+/g, " ").trim();
}

/**
 * SQL functions that SQLite lacks and Plotline's triggers call, registered on every connection when it
 * opens: `plotline_plain_text(html)` (the search index's triggers, migration 0008-search).
 */
export function registerSqliteFunctions(database: SqliteDatabase.Database): void {
  database.function("plotline_plain_text", { deterministic: true }, (html: unknown) => plainTextOfHtml(typeof html === "string" ? html : null));
}
