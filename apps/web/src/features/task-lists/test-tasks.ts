import type { Task } from "@plotline/contracts";

/** Tasks as the API sends them, for the task lists' unit tests. */

export const date = { date: "2026-01-01", time: "00:00:00", datetime: "2026-01-01 00:00:00", timezone: "UTC", timestamp: 0 };
export const user = { id: 1, display_name: "Ana", email: "ana@example.test", avatar_url: null, manage_pm: true };

/** No date, as the API sends it. */
const NO_DATE = { date: null, time: null, datetime: null, timezone: "UTC", timestamp: null };

export function task(id: number, overrides: Partial<Task> = {}): Task {
  return {
    id,
    title: `Task ${id}`,
    description: { html: "", content: "" },
    estimation: 0,
    start_at: NO_DATE,
    due_date: NO_DATE,
    complexity: 0,
    priority: 0,
    payable: false,
    recurrent: 0,
    status: 0,
    order: id,
    project_id: 1,
    task_list_id: 10,
    parent_id: 0,
    kan_board_id: null,
    created_at: date,
    updated_at: date,
    completed_at: NO_DATE,
    completed_by: null,
    creator: { data: user },
    assignees: { data: [] },
    type: { data: null },
    labels: { data: [] },
    meta: { privacy: "0", total_comment: 0, total_files: 0 },
    sub_tasks: { total: 0, complete: 0 },
    rollup: { estimation: 0, logged: 0 },
    time: { meta: { totalTime: 0, running: false } },
    abilities: { can_edit: true, can_delete: true, can_complete: true, can_move: true, can_set_privacy: true, can_edit_details: true },
    ...overrides,
  };
}

