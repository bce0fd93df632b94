import { COPY_SUFFIX } from "@plotline/contracts";

/** Longest project title the database holds (projects.title is varchar(200)). */
export const PROJECT_TITLE_MAX = 200;
/** Longest list title (task_lists.title is varchar(255)). */
export const LIST_TITLE_MAX = 255;

/** Room kept for " copy 99999" when a title is cut to fit. */
const NUMBER_ROOM = 6;

/**
 * The part of a copy's title before its number: "<title> copy", with the source title cut (at a word's
 * end when it can) so that the whole title and a number still fit in `max` characters.
 */
export function copyStem(title: string, max: number): string {
  const room = max - COPY_SUFFIX.length - NUMBER_ROOM;
  const source = title.trim();
  if (source.length <= room) return `${source}${COPY_SUFFIX}`;
  return `${source.slice(0, room).trimEnd()}${COPY_SUFFIX}`;
}

/**
 * The first free title among "<stem>", "<stem> 2", "<stem> 3"... `taken` holds the lower-cased titles of
 * the stem's family (the repository's findTitlesLike), so that "Alpha Copy" and "alpha copy" count as one.
 */
export function firstFreeTitle(stem: string, taken: readonly string[]): string {
  const used = new Set(taken.map((title) => title.toLowerCase()));
  if (!used.has(stem.toLowerCase())) return stem;
  for (let number = 2; ; number += 1) {
    const candidate = `${stem} ${number}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** A list copy's title: " copy" added, except the Inbox, whose copy keeps its name. */
export function listCopyTitle(title: string, isInbox: boolean): string {
  return isInbox ? title : copyStem(title, LIST_TITLE_MAX);
}
