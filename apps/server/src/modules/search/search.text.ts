import type { SearchSegment } from "@plotline/contracts";

/** Most words of a query that are searched for; the rest are ignored. */
const MAX_WORDS = 10;

/** Shortest text matched inside words (trigram matching needs three characters). */
export const MIN_PARTIAL_LENGTH = 3;

/** Characters of body text shown around the first match. */
const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 180;

/** A query as the engines take it. */
export interface ParsedQuery {
  /** Lower-cased words (letters and digits); each matches the start of a word ("homep" finds "Homepage"). */
  words: string[];
  /** The whole query, trimmed and lower-cased, matched anywhere in titles when at least 3 characters long. */
  phrase: string;
}

/** Splits the typed text into words the way both engines' tokenizers do: on anything not a letter or digit. */
export function parseQuery(text: string): ParsedQuery {
  const phrase = text.trim().toLowerCase();
  const words = [...new Set(phrase.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0))].slice(0, MAX_WORDS);
  return { words, phrase };
}

/** Whether the query can match anything at all (no words and too short for partial matching cannot). */
export function isSearchable(query: ParsedQuery): boolean {
  return query.words.length > 0 || query.phrase.length >= MIN_PARTIAL_LENGTH;
}

/** FTS5 query: every word as a quoted prefix, all required. Words hold letters and digits only. */
export function fts5Query(words: readonly string[]): string {
  return words.map((word) => `"${word}"*`).join(" AND ");
}

/** FTS5 query for the same words, all of them in the title (the top tier of the ranking). */
export function fts5TitleQuery(words: readonly string[]): string {
  return `title : (${fts5Query(words)})`;
}

/** FTS5 trigram query for the whole phrase (a quoted string, quotes doubled). */
export function trigramQuery(phrase: string): string {
  return `"${phrase.replaceAll('"', '""')}"`;
}

/** PostgreSQL tsquery text: every word as a prefix, all required. */
export function tsQuery(words: readonly string[]): string {
  return words.map((word) => `${word}:*`).join(" & ");
}

/** PostgreSQL tsquery text for the same words, all of them in the title (weight A). */
export function tsTitleQuery(words: readonly string[]): string {
  return words.map((word) => `${word}:*A`).join(" & ");
}

/** `%phrase%` for LIKE, with the wildcards of the phrase escaped by a backslash. */
export function likePattern(phrase: string): string {
  return `%${phrase.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Where the query matches in a text: the typed start of matching words, and the phrase anywhere. */
export function matchRanges(text: string, query: ParsedQuery): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  if (query.words.length > 0) {
    // Longest first, so that "home homepage" marks all of "Homepage".
    const alternatives = [...query.words].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|");
    for (const match of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})`, "giu"))) {
      ranges.push([match.index, match.index + match[0].length]);
    }
  }
  if (query.phrase.length >= MIN_PARTIAL_LENGTH) {
    for (const match of text.matchAll(new RegExp(escapeRegExp(query.phrase), "giu"))) ranges.push([match.index, match.index + match[0].length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** Cuts a text into marked and unmarked pieces at the given ranges (sorted, not overlapping). */
export function toSegments(text: string, ranges: ReadonlyArray<readonly [number, number]>, offset = 0): SearchSegment[] {
  const segments: SearchSegment[] = [];
  let at = 0;
  for (const [rawStart, rawEnd] of ranges) {
    const start = Math.max(0, rawStart - offset);
    const end = Math.min(text.length, rawEnd - offset);
    if (end <= 0 || start >= text.length || end <= start) continue;
    if (start > at) segments.push({ text: text.slice(at, start), match: false });
    segments.push({ text: text.slice(Math.max(start, at), end), match: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}

/** The title with its matches marked. */
export function markTitle(title: string, query: ParsedQuery): SearchSegment[] {
  return toSegments(title, matchRanges(title, query));
}

/**
 * A short excerpt of plain body text around the first match, with every match in it marked and an
 * ellipsis where text was cut. Empty when the body does not match (the title did), unless `always`.
 */
export function snippetOf(body: string, query: ParsedQuery, always = false): SearchSegment[] {
  if (body.length === 0) return [];
  const ranges = matchRanges(body, query);
  const first = ranges[0];
  if (!first && !always) return [];
  let start = first ? Math.max(0, first[0] - SNIPPET_BEFORE) : 0;
  // Start at a word, not in the middle of one.
  if (start > 0) {
    const space = body.indexOf(" ", start);
    if (space !== -1 && first && space < first[0]) start = space + 1;
  }
  let end = Math.min(body.length, start + SNIPPET_LENGTH);
  if (end < body.length) {
    const space = body.lastIndexOf(" ", end);
    if (space > start && (!first || space > first[1])) end = space;
  }
  const segments = toSegments(body.slice(start, end), ranges, start);
  if (start > 0) segments.unshift({ text: "…", match: false });
  if (end < body.length) segments.push({ text: "…", match: false });
  return segments;
}
