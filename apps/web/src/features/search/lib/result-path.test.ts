import type { SearchResult } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { searchResultPath, taskPath } from "./result-path.js";

const base: SearchResult = {
  type: "task", id: 7, project_id: 3, parent_id: 0, title: "T", parent_type: null, parent_title: null, project_title: "P",
  status: null, folder_id: null, file_type: null, title_segments: [], snippet: [],
};
const result = (overrides: Partial<SearchResult>): SearchResult => ({ ...base, ...overrides });

describe("searchResultPath", () => {
  it("sends each kind where the documents say", () => {
    expect(searchResultPath(result({}))).toBe("/projects/3/task-lists/tasks/7");
    expect(searchResultPath(result({ type: "subtask", id: 9, parent_id: 7, parent_type: "task" }))).toBe("/projects/3/task-lists/tasks/7");
    expect(searchResultPath(result({ type: "project", id: 3 }))).toBe("/projects/3/overview");
    expect(searchResultPath(result({ type: "milestone", id: 4 }))).toBe("/projects/3/milestones");
    expect(searchResultPath(result({ type: "discussion_board", id: 5 }))).toBe("/projects/3/discussions/5");
    expect(searchResultPath(result({ type: "task_list", id: 6 }))).toBe("/projects/3/task-lists/6");
    expect(searchResultPath(result({ type: "doc", id: 8, parent_id: 2, parent_type: "folder", folder_id: 2 }))).toBe("/projects/3/files/2/doc/8");
  });

  it("sends a comment to the page of what it is on", () => {
    const comment = (parent_type: SearchResult["parent_type"], extra: Partial<SearchResult> = {}) =>
      searchResultPath(result({ type: "comment", id: 50, parent_id: 11, parent_type, ...extra }));
    expect(comment("task")).toBe("/projects/3/task-lists/tasks/11");
    expect(comment("task_list")).toBe("/projects/3/task-lists/11");
    expect(comment("discussion_board")).toBe("/projects/3/discussions/11");
    expect(comment("milestone")).toBe("/projects/3/milestones");
    expect(comment("file", { file_type: "link", folder_id: 0 })).toBe("/projects/3/files/0/link/11");
    expect(comment("file", { file_type: "folder", folder_id: 0 })).toBe("/projects/3/files/11");
  });

  it("opens a task by the project's list view type: over the board or the archive where that is the caller's view", () => {
    expect(taskPath(3, 7, "list")).toBe("/projects/3/task-lists/tasks/7");
    expect(taskPath(3, 7, "archive")).toBe("/projects/3/task-lists/archived/tasks/7");
    expect(searchResultPath(result({ type: "subtask", id: 9, parent_id: 7, parent_type: "task" }), "archive")).toBe("/projects/3/task-lists/archived/tasks/7");
    expect(taskPath(3, 7, "kanboard")).toBe("/projects/3/kanboard/tasks/7");
    expect(searchResultPath(result({}), "kanboard")).toBe("/projects/3/kanboard/tasks/7");
    expect(searchResultPath(result({ type: "subtask", id: 9, parent_id: 7, parent_type: "task" }), "kanboard")).toBe("/projects/3/kanboard/tasks/7");
    expect(searchResultPath(result({ type: "comment", id: 50, parent_id: 11, parent_type: "task" }), "kanboard")).toBe("/projects/3/kanboard/tasks/11");
    // Only tasks follow the view: a list still opens as a list.
    expect(searchResultPath(result({ type: "task_list", id: 6 }), "kanboard")).toBe("/projects/3/task-lists/6");
  });
});
