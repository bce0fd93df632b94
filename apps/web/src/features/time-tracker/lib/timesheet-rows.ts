import type { Task, TimesheetRow } from "@plotline/contracts";

/**
 * An empty row for a task the owner picked to log time on: the server's sheet lists only tasks with
 * time in the week, so a task without any yet is added here until its first time arrives.
 */
export function emptyRowFor(task: Pick<Task, "id" | "title" | "status" | "parent_id" | "project_id" | "task_list_id">, projectTitle: string): TimesheetRow {
  return {
    task: { id: task.id, title: task.title, status: task.status, parent_id: task.parent_id, project_id: task.project_id, project_title: projectTitle, task_list_id: task.task_list_id },
    days: {},
    total: 0,
    can_add: true,
  };
}

/** The server's rows, then the picked rows it does not hold yet (once a picked task has time, the server's row takes over). */
export function withPickedRows(rows: readonly TimesheetRow[], picked: readonly TimesheetRow[]): TimesheetRow[] {
  const shown = new Set(rows.map((row) => row.task.id));
  return [...rows, ...picked.filter((row) => !shown.has(row.task.id))];
}
