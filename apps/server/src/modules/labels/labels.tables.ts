import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    labels: LabelsTable;
    task_labels: TaskLabelsTable;
  }
}

/** A project's task label (migration 0006). */
export interface LabelsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: string;
  /** Hex colour, `#00c2e0`. */
  color: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type LabelRow = Selectable<LabelsTable>;

/** A label put on a task (migration 0006); `project_id` is the task's. */
export interface TaskLabelsTable {
  task_id: number;
  label_id: number;
  project_id: number;
}
