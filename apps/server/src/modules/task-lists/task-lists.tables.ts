import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    task_lists: TaskListsTable;
  }
}

export interface TaskListsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: string;
  sort_order: number;
  /** 1 current, 0 archived. */
  status: number;
  privacy: number;
  is_inbox: number;
  milestone_id: number | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type TaskListRow = Selectable<TaskListsTable>;
