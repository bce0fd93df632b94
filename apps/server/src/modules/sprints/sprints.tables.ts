import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    sprints: SprintsTable;
    sprint_projects: SprintProjectsTable;
    sprint_tasks: SprintTasksTable;
    sprint_events: SprintEventsTable;
  }
}

/** A sprint: a time box of tasks from one or more projects (README.md). */
export interface SprintsTable {
  id: Generated<number>;
  title: string;
  /** Rich text, cleaned on the way in. */
  description: string;
  goal: string;
  /** `planned`, `active` or `completed`. */
  status: string;
  /** First and last planned day, `YYYY-MM-DD`. */
  start_at: string;
  due_date: string;
  /** When it was started and completed (UTC timestamps), and the site's day of each, kept as it was then. */
  started_at: string | null;
  started_day: string | null;
  completed_at: string | null;
  completed_day: string | null;
  /** The planned sprint its open tasks went to when it completed; null for the backlog, or not completed. */
  carried_over_to: number | null;
  /** Null once the user is deleted. */
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type SprintRow = Selectable<SprintsTable>;

/** The projects a sprint spans. */
export interface SprintProjectsTable {
  sprint_id: number;
  project_id: number;
}

/**
 * The tasks a sprint holds. `is_open` is 1 while the sprint is planned or active: a task has at most one
 * such row (a unique partial index). When the sprint completes its rows close, keeping the task's status
 * and estimation then (`final_status` 1 complete, 0 carried over), so its counters stay as they ended.
 */
export interface SprintTasksTable {
  sprint_id: number;
  task_id: number;
  /** The task's project, copied: counters and privacy group by it without reading the task first. */
  project_id: number;
  is_open: number;
  final_status: number | null;
  final_estimation: number | null;
  added_by: number | null;
  added_at: string;
}
export type SprintTaskRow = Selectable<SprintTasksTable>;

/**
 * A started sprint's scope history: one row per task and change (contracts' SPRINT_EVENT_KINDS). Rows stay
 * when the task is deleted (no foreign key on the task or its project), so the burndown keeps telling what
 * happened; they go with their sprint.
 */
export interface SprintEventsTable {
  id: Generated<number>;
  sprint_id: number;
  task_id: number;
  project_id: number;
  kind: string;
  /** The site's day it happened on, `YYYY-MM-DD`. */
  day: string;
  /** The task's estimation in minutes then. */
  estimation: number;
  /** 1 when the task was complete right after the event. */
  complete: number;
  /**
   * Who could see the task then (the activities' scope: null, `view_private_task`, ...): what hides a
   * deleted task's history, whose own privacy can no longer be read.
   */
  privacy_scope: string | null;
  /** When it happened (UTC); the burndown replays events in this order, then by id. */
  at: string;
  /** The domain event it was written for, when a subscriber wrote it: a repeated delivery writes nothing. */
  source_event_id: number | null;
}
export type SprintEventRow = Selectable<SprintEventsTable>;
