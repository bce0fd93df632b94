import { describe, expect, it } from "vitest";
import { addRecentItem, parseRecentItems, readRecentItems, recentItemPath, recentKey, rememberRecentItem, RECENT_LIMIT, type RecentItem, type RecentStorage } from "./recent-items.js";

const task = (id: number, title = `Task ${id}`): RecentItem => ({ type: "task", id, projectId: 1, title });

/** localStorage as a map, optionally refusing writes as a full quota does. */
function memoryStorage({ isFull = false } = {}): RecentStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      if (isFull) throw new Error("QuotaExceededError");
      values.set(key, value);
    },
  };
}

describe("recent items", () => {
  it("puts the item opened last first", () => {
    expect(addRecentItem([task(1), task(2)], task(3)).map((item) => item.id)).toEqual([3, 1, 2]);
  });

  it("moves an item opened again to the top, once, with its newest title", () => {
    const items = addRecentItem([task(1), task(2, "Old title"), task(3)], task(2, "New title"));
    expect(items.map((item) => item.id)).toEqual([2, 1, 3]);
    expect(items[0]?.title).toBe("New title");
  });

  it("keeps a list and a task with the same id apart", () => {
    const list: RecentItem = { type: "task_list", id: 1, projectId: 1, title: "List" };
    expect(addRecentItem([task(1)], list)).toHaveLength(2);
  });

  it("keeps the last eight", () => {
    let items: RecentItem[] = [];
    for (let id = 1; id <= 12; id++) items = addRecentItem(items, task(id));
    expect(items).toHaveLength(RECENT_LIMIT);
    expect(items.map((item) => item.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5]);
  });

  it("reads nothing from missing, broken or foreign data, and skips entries it did not write", () => {
    expect(parseRecentItems(null)).toEqual([]);
    expect(parseRecentItems("{not json")).toEqual([]);
    expect(parseRecentItems(JSON.stringify({ type: "task" }))).toEqual([]);
    expect(parseRecentItems(JSON.stringify([task(1), { type: "milestone", id: 2, projectId: 1, title: "M" }, { type: "task", id: -1, projectId: 1, title: "x" }]))).toEqual([task(1)]);
  });

  it("keeps each user's items apart", () => {
    const storage = memoryStorage();
    rememberRecentItem(storage, 7, task(1));
    rememberRecentItem(storage, 8, task(2));
    expect(readRecentItems(storage, 7)).toEqual([task(1)]);
    expect(readRecentItems(storage, 8)).toEqual([task(2)]);
    expect([...storage.values.keys()].sort()).toEqual([recentKey(7), recentKey(8)]);
  });

  it("carries on without a word when the storage refuses to write", () => {
    const storage = memoryStorage({ isFull: true });
    expect(() => rememberRecentItem(storage, 7, task(1))).not.toThrow();
    expect(readRecentItems(storage, 7)).toEqual([]);
    expect(readRecentItems(null, 7)).toEqual([]);
  });

  it("opens a project's overview, a list's page and a task over its project's lists", () => {
    expect(recentItemPath({ type: "project", id: 4, projectId: 4, title: "P" })).toBe("/projects/4/overview");
    expect(recentItemPath({ type: "task_list", id: 9, projectId: 4, title: "L" })).toBe("/projects/4/task-lists/9");
    expect(recentItemPath({ type: "task", id: 12, projectId: 4, title: "T" })).toBe("/projects/4/task-lists/tasks/12");
  });
});
