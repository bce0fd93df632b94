/** The largest id a record may have (the API's ids are 32-bit integers). */
const MAX_ID = 2_147_483_647;

/** What the palette's text asks for. */
export type PaletteQuery =
  /** Nothing typed: recent items, actions and pages. */
  | { kind: "empty" }
  /** `#123`: the task with that id. */
  | { kind: "task-id"; taskId: number }
  /** Words: records by title (through the search), pages and actions by name. */
  | { kind: "text"; text: string };

/** Reads the palette's text: `#123` (spaces around allowed) is a task id; anything else is words. */
export function parsePaletteQuery(raw: string): PaletteQuery {
  const text = raw.trim();
  if (text === "") return { kind: "empty" };
  const id = /^#\s*(\d{1,10})$/.exec(text);
  if (id) {
    const taskId = Number(id[1]);
    if (taskId >= 1 && taskId <= MAX_ID) return { kind: "task-id", taskId };
  }
  return { kind: "text", text };
}

/** Lower case without accents, so "cafe" finds "Café" among the pages and actions. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Whether every word typed starts a word of `haystack` ("new ta" finds "New task here"), the way the
 * server's search matches titles, so pages and actions filter as records do.
 */
export function matchesWords(haystack: string, text: string): boolean {
  const words = fold(haystack).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const typed = fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (typed.length === 0) return false;
  return typed.every((part) => words.some((word) => word.startsWith(part)));
}
