import { routePath } from "@plotline/contracts";
import { taskPath, type ListViewType } from "../../search/lib/result-path.js";
import { z } from "zod";

/** How many opened items the palette remembers per user. */
export const RECENT_LIMIT = 8;

/** The key of one user's recent items in localStorage. */
export const recentKey = (userId: number) => `plotline:recent:${userId}`;

const recentItemSchema = z.object({
  type: z.enum(["project", "task_list", "task"]),
  id: z.number().int().positive(),
  projectId: z.number().int().positive(),
  title: z.string().max(500),
});

/** A project, list or task the user opened, as the palette lists it under "Recent". */
export type RecentItem = z.infer<typeof recentItemSchema>;

/** The identity of an item: a list and a task may share an id. */
export const recentItemKey = (item: { type: string; id: number }) => `${item.type}:${item.id}`;

/**
 * The list with `item` first: an item opened again moves to the top with its newest title, and the
 * oldest fall off past the limit.
 */
export function addRecentItem(items: readonly RecentItem[], item: RecentItem, limit: number = RECENT_LIMIT): RecentItem[] {
  const key = recentItemKey(item);
  return [item, ...items.filter((other) => recentItemKey(other) !== key)].slice(0, limit);
}

/** The stored list, or none when it is missing or not what this code wrote (an older version, a hand edit). */
export function parseRecentItems(raw: string | null): RecentItem[] {
  if (!raw) return [];
  try {
    const parsed = z.array(z.unknown()).safeParse(JSON.parse(raw));
    if (!parsed.success) return [];
    return parsed.data.flatMap((entry) => {
      const item = recentItemSchema.safeParse(entry);
      return item.success ? [item.data] : [];
    }).slice(0, RECENT_LIMIT);
  } catch {
    return [];
  }
}

/**
 * Where a recent item opens: a project's overview, a list's page, a task over its project's lists or, when
 * the project's list view type is the board, over the board (as search results do).
 */
export function recentItemPath(item: RecentItem, viewType: ListViewType = "list"): string {
  switch (item.type) {
    case "project":
      return routePath("pm_overview", { project_id: item.id });
    case "task_list":
      return routePath("single_list", { project_id: item.projectId, list_id: item.id });
    case "task":
      return taskPath(item.projectId, item.id, viewType);
  }
}

/** What the store needs of `localStorage`. */
export interface RecentStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** One user's recent items; storage that throws reads as empty. */
export function readRecentItems(storage: RecentStorage | null, userId: number): RecentItem[] {
  try {
    return parseRecentItems(storage?.getItem(recentKey(userId)) ?? null);
  } catch {
    return [];
  }
}

/** Puts `item` first in one user's recent items; a full or refused storage simply keeps nothing. */
export function rememberRecentItem(storage: RecentStorage | null, userId: number, item: RecentItem): void {
  try {
    storage?.setItem(recentKey(userId), JSON.stringify(addRecentItem(readRecentItems(storage, userId), item)));
  } catch {
    // Remembering is a convenience: nothing to tell the user.
  }
}
