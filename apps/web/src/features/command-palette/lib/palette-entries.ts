import type { SearchResult } from "@plotline/contracts";
import type { ShortcutId } from "../../shortcuts/lib/shortcuts.js";
import { matchesWords, type PaletteQuery } from "./palette-query.js";
import { recentItemKey, type RecentItem } from "./recent-items.js";

/** What the palette can do besides opening a page. */
export type PaletteActionId =
  | "new_task"
  | "new_project"
  | "switch_theme"
  | "follow_system_theme"
  | "shortcuts"
  | "sign_out"
  | "complete_task"
  | "reopen_task"
  | "assign_to_me"
  | "change_due_date";

/** The palette's sections. */
export type PaletteGroup = "recent" | "task" | "results" | "actions" | "pages";

/** The icon of an entry, by what it is. */
export type PaletteIcon = RecentItem["type"] | "page" | "new" | "theme" | "keyboard" | "sign_out" | "complete" | "assign" | "due_date";

/** What choosing an entry does. */
export type PaletteTarget =
  | { kind: "path"; path: string; recent?: RecentItem }
  | { kind: "result"; path: string; result: SearchResult }
  | { kind: "action"; action: PaletteActionId };

/** One line of the palette. */
export interface PaletteEntry {
  /** Unique within the palette; the option's id derives from it. */
  key: string;
  group: PaletteGroup;
  label: string;
  /** A second line: where a record is, what an action will do. */
  description?: string;
  /** Further words the entry is found by, never shown ("dark light mode" for the theme). */
  keywords?: string;
  icon: PaletteIcon;
  /** The shortcut that does the same, shown at the end of the line. */
  shortcut?: ShortcutId;
  target: PaletteTarget;
}

/** Whether a page or an action shows for the text typed: with nothing typed, all of them do. */
export function isEntryShown(entry: PaletteEntry, query: PaletteQuery): boolean {
  if (query.kind === "empty") return true;
  if (query.kind === "task-id") return false;
  return matchesWords(`${entry.label} ${entry.description ?? ""} ${entry.keywords ?? ""}`, query.text);
}

/** Whether a recent item shows: all with nothing typed, by its title for words, by its id for `#123`. */
export function isRecentShown(item: RecentItem, query: PaletteQuery): boolean {
  if (query.kind === "empty") return true;
  if (query.kind === "task-id") return item.type === "task" && item.id === query.taskId;
  return matchesWords(item.title, query.text);
}

/** The parts the palette's list is made of, before ordering. */
export interface PaletteParts {
  recent: readonly PaletteEntry[];
  /** The task found by `#123`. */
  task: readonly PaletteEntry[];
  results: readonly PaletteEntry[];
  actions: readonly PaletteEntry[];
  pages: readonly PaletteEntry[];
}

/**
 * The palette's list: recent items first, then the task asked for by id, the search's records, the
 * actions and the pages, each of them once (a record recently opened is not listed again among the
 * results or as the task by number). When the words typed name an action or a page ("new", "my
 * tasks"), actions and pages come before the records: a name typed that closely is what is wanted.
 */
export function orderEntries(parts: PaletteParts, query: PaletteQuery = { kind: "empty" }): PaletteEntry[] {
  const recentKeys = new Set(parts.recent.flatMap((entry) => (entry.target.kind === "path" && entry.target.recent ? [recentItemKey(entry.target.recent)] : [])));
  const isRepeat = (entry: PaletteEntry) => entry.target.kind === "result" && recentKeys.has(recentItemKey({ type: resultType(entry.target.result), id: entry.target.result.id }));
  // The task by number has the key its recent item would have (`task:12`).
  const task = parts.task.filter((entry) => !recentKeys.has(entry.key));
  const results = parts.results.filter((entry) => !isRepeat(entry));
  const isNamed = query.kind === "text" && [...parts.actions, ...parts.pages].some((entry) => matchesWords(entry.label, query.text));
  const middle = isNamed ? [...parts.actions, ...parts.pages, ...results] : [...results, ...parts.actions, ...parts.pages];
  const seen = new Set<string>();
  const ordered: PaletteEntry[] = [];
  for (const entry of [...parts.recent, ...task, ...middle]) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    ordered.push(entry);
  }
  return ordered;
}

/** The list cut into its sections, in order: a heading for each run of entries of one group. */
export function sectionsOf(entries: readonly PaletteEntry[]): Array<{ group: PaletteGroup; items: Array<{ entry: PaletteEntry; index: number }> }> {
  const sections: Array<{ group: PaletteGroup; items: Array<{ entry: PaletteEntry; index: number }> }> = [];
  entries.forEach((entry, index) => {
    const last = sections[sections.length - 1];
    if (last && last.group === entry.group) last.items.push({ entry, index });
    else sections.push({ group: entry.group, items: [{ entry, index }] });
  });
  return sections;
}

/** The recent-item type a search result would be remembered as (a sub-task is a task). */
function resultType(result: SearchResult): RecentItem["type"] | "other" {
  switch (result.type) {
    case "project":
    case "task_list":
    case "task":
      return result.type;
    case "subtask":
      return "task";
    default:
      return "other";
  }
}
