import type { Task, TaskList } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { withMoreTasks, withOpenTasks, withoutTask, withTask } from "./list-cache.js";
import { date, task, user } from "./test-tasks.js";

function page(tasks: Task[], total = tasks.length) {
  return { data: tasks, meta: { pagination: { total, count: tasks.length, per_page: 20, current_page: 1, total_pages: 1 } } };
}

function list(open: Task[], done: Task[] = [], id = 10): TaskList {
  return {
    id,
    title: "List",
    description: { html: "", content: "" },
    order: 0,
    status: 1,
    is_inbox: false,
    project_id: 1,
    created_at: date,
    updated_at: date,
    creator: { data: user },
    milestone: { data: null },
    meta: { privacy: "0", total_tasks: open.length + done.length, total_complete_tasks: done.length, total_incomplete_tasks: open.length, total_comments: 0 },
    incomplete_tasks: page(open),
    complete_tasks: page(done),
    abilities: { can_edit: true, can_delete: true, can_create_task: true, can_duplicate: true, can_archive: true, can_set_privacy: true },
  };
}

const ids = (tasks: Task[] | undefined) => (tasks ?? []).map((entry) => entry.id);

describe("withTask", () => {
  it("replaces a changed task in place", () => {
    const result = withTask(list([task(1), task(2)]), task(2, { title: "Renamed" }));
    expect(result.incomplete_tasks?.data[1]?.title).toBe("Renamed");
    expect(result.meta.total_incomplete_tasks).toBe(2);
  });

  it("moves a completed task to the done group and updates the counts", () => {
    const result = withTask(list([task(1), task(2)], [task(5, { status: 1 })]), task(1, { status: 1 }));
    expect(ids(result.incomplete_tasks?.data)).toEqual([2]);
    expect(ids(result.complete_tasks?.data)).toEqual([1, 5]);
    expect(result.meta).toMatchObject({ total_incomplete_tasks: 1, total_complete_tasks: 2, total_tasks: 3 });
  });

  it("puts a reopened task back at its position", () => {
    const result = withTask(list([task(1), task(3)], [task(2, { status: 1 })]), task(2, { status: 0 }));
    expect(ids(result.incomplete_tasks?.data)).toEqual([1, 2, 3]);
    expect(result.meta.total_complete_tasks).toBe(0);
  });

  it("adds a new task of this list and leaves other lists alone", () => {
    const created = task(9, { task_list_id: 10 });
    expect(ids(withTask(list([task(1)]), created).incomplete_tasks?.data)).toEqual([1, 9]);
    const other = list([task(1)], [], 11);
    expect(withTask(other, created)).toBe(other);
  });

  it("removes a task that moved to another list", () => {
    const result = withTask(list([task(1), task(2)]), task(2, { task_list_id: 11 }));
    expect(ids(result.incomplete_tasks?.data)).toEqual([1]);
    expect(result.meta.total_incomplete_tasks).toBe(1);
  });

  it("ignores sub-tasks, which lists do not show", () => {
    const original = list([task(1)]);
    expect(withTask(original, task(7, { parent_id: 1 }))).toBe(original);
  });
});

describe("withoutTask", () => {
  it("drops a deleted task and lowers the counts", () => {
    const result = withoutTask(list([task(1)], [task(2, { status: 1 })]), 2);
    expect(ids(result.complete_tasks?.data)).toEqual([]);
    expect(result.meta).toMatchObject({ total_complete_tasks: 0, total_tasks: 1 });
  });
});

describe("withMoreTasks", () => {
  it("appends the next page without repeating tasks already shown", () => {
    const result = withMoreTasks(list([task(1), task(2)]), "incomplete_tasks", page([task(2), task(3)], 3));
    expect(ids(result.incomplete_tasks?.data)).toEqual([1, 2, 3]);
  });
});

describe("withOpenTasks", () => {
  it("takes the dropped order, numbers positions as the server does, and counts a task moved in", () => {
    const result = withOpenTasks(list([task(1), task(2)]), [task(2), task(8, { task_list_id: 10 }), task(1)]);
    expect(ids(result.incomplete_tasks?.data)).toEqual([2, 8, 1]);
    expect(result.incomplete_tasks?.data.map((entry) => entry.order)).toEqual([0, 1, 2]);
    expect(result.meta.total_incomplete_tasks).toBe(3);
  });
});
