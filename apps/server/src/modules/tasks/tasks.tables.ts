import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    tasks: TasksTable;
    task_assignees: TaskAssigneesTable;
    task_counts: TaskCountsTable;
  }
}

export interface TasksTable {
  id: Generated<number>;
  project_id: number;
  task_list_id: number;
  /** 0 for a top-level task; the parent task's id for a sub-task. */
  parent_id: number;
  title: string;
  description: string;
  /** Minutes. */
  estimation: number;
  start_at: string | null;
  due_date: string | null;
  priority: number;
  complexity: number;
  payable: number;
  recurrent: number;
  /** 0 incomplete, 1 complete, 2 pending. */
  status: number;
  privacy: number;
  sort_order: number;
  type_id: number | null;
  created_by: number;
  completed_by: number | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * The Kanban column the task is a card of (null: on no board) and its fractional order key there. The
   * kanboard module's migration adds both; they are written only through `setBoardPlacement`, and a new
   * row gets them only when it is created into a column.
   */
  kan_board_id: Generated<number | null>;
  kan_board_order: Generated<string | null>;
}
export type TaskRow = Selectable<TasksTable>;

export interface TaskAssigneesTable {
  task_id: number;
  user_id: number;
  /** Copied from the task so "my tasks" queries filter by project without a join. */
  project_id: number;
  assigned_at: string;
}

/**
 * How many top-level tasks a list holds with this privacy flag and status: kept by triggers on `tasks`
 * (migration `tasks-counters`), never written by the app.
 */
export interface TaskCountsTable {
  project_id: number;
  task_list_id: number;
  privacy: number;
  status: number;
  count: number;
}
