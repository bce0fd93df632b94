import type { SearchResult } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { isEntryShown, isRecentShown, orderEntries, sectionsOf, type PaletteEntry } from "./palette-entries.js";
import { parsePaletteQuery } from "./palette-query.js";
import type { RecentItem } from "./recent-items.js";

const result = (type: SearchResult["type"], id: number, title: string): SearchResult => ({
  type,
  id,
  project_id: 1,
  parent_id: 0,
  title,
  parent_type: null,
  parent_title: null,
  project_title: "Website",
  status: null,
  folder_id: null,
  file_type: null,
  title_segments: [{ text: title, match: false }],
  snippet: [],
});

const recentEntry = (item: RecentItem): PaletteEntry => ({ key: `recent:${item.type}:${item.id}`, group: "recent", label: item.title, icon: item.type, target: { kind: "path", path: "/", recent: item } });
const resultEntry = (found: SearchResult): PaletteEntry => ({ key: `result:${found.type}:${found.id}`, group: "results", label: found.title, icon: "task", target: { kind: "result", path: "/", result: found } });
const action = (key: string, label: string): PaletteEntry => ({ key, group: "actions", label, icon: "new", target: { kind: "action", action: "new_task" } });
const page = (key: string, label: string): PaletteEntry => ({ key, group: "pages", label, icon: "page", target: { kind: "path", path: "/" } });

describe("the palette's list", () => {
  it("puts recent items first, then the task by number, the search's records, actions and pages", () => {
    const ordered = orderEntries({
      recent: [recentEntry({ type: "project", id: 1, projectId: 1, title: "Website" })],
      task: [{ key: "task:5", group: "task", label: "Task 5", icon: "task", target: { kind: "path", path: "/" } }],
      results: [resultEntry(result("task", 9, "Write copy"))],
      actions: [action("action:new_task", "New task")],
      pages: [page("page:my_tasks", "My Tasks")],
    });
    expect(ordered.map((entry) => entry.group)).toEqual(["recent", "task", "results", "actions", "pages"]);
  });

  it("does not list a recent record again among the search's results", () => {
    const ordered = orderEntries({
      recent: [recentEntry({ type: "task", id: 9, projectId: 1, title: "Write copy" })],
      task: [],
      results: [resultEntry(result("task", 9, "Write copy")), resultEntry(result("task_list", 9, "Copy"))],
      actions: [],
      pages: [],
    });
    expect(ordered.map((entry) => entry.key)).toEqual(["recent:task:9", "result:task_list:9"]);
  });

  it("does not list a recent task again as the task by number", () => {
    const ordered = orderEntries({
      recent: [recentEntry({ type: "task", id: 5, projectId: 1, title: "Task 5" })],
      task: [{ key: "task:5", group: "task", label: "Task 5", icon: "task", target: { kind: "path", path: "/" } }],
      results: [],
      actions: [],
      pages: [],
    });
    expect(ordered.map((entry) => entry.key)).toEqual(["recent:task:5"]);
  });

  it("puts actions and pages first when the words typed name one of them", () => {
    const parts = {
      recent: [],
      task: [],
      results: [resultEntry(result("task", 9, "New logo"))],
      actions: [action("action:new_task", "New task")],
      pages: [page("page:my_tasks", "My Tasks")],
    };
    expect(orderEntries(parts, parsePaletteQuery("new")).map((entry) => entry.group)).toEqual(["actions", "pages", "results"]);
    expect(orderEntries(parts, parsePaletteQuery("logo")).map((entry) => entry.group)).toEqual(["results", "actions", "pages"]);
  });

  it("cuts the list into one section per group, keeping each line's place", () => {
    const entries = [action("a", "One"), action("b", "Two"), page("c", "Three")];
    expect(sectionsOf(entries).map((section) => [section.group, section.items.map((item) => item.index)])).toEqual([
      ["actions", [0, 1]],
      ["pages", [2]],
    ]);
  });

  it("shows every action and page with nothing typed, those whose words match otherwise, none for #123", () => {
    const newTask = { ...action("action:new_task", "New task"), keywords: "add create" };
    expect(isEntryShown(newTask, parsePaletteQuery(""))).toBe(true);
    expect(isEntryShown(newTask, parsePaletteQuery("add"))).toBe(true);
    expect(isEntryShown(newTask, parsePaletteQuery("calendar"))).toBe(false);
    expect(isEntryShown(newTask, parsePaletteQuery("#12"))).toBe(false);
  });

  it("finds recent items by title, and a recent task by its number", () => {
    const item: RecentItem = { type: "task", id: 12, projectId: 1, title: "Write the copy" };
    expect(isRecentShown(item, parsePaletteQuery("copy"))).toBe(true);
    expect(isRecentShown(item, parsePaletteQuery("#12"))).toBe(true);
    expect(isRecentShown(item, parsePaletteQuery("#13"))).toBe(false);
    expect(isRecentShown({ ...item, type: "task_list" }, parsePaletteQuery("#12"))).toBe(false);
  });
});
