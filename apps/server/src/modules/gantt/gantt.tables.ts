import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    gantt_links: GanttLinksTable;
  }
}

/**
 * The Gantt chart's links: `source` leads to `target` (both tasks of `project_id`), by one of four kinds,
 * with a lag in days. One link at most between two tasks in one direction; the links never form a cycle
 * (the service checks it under a lock of the project). A task's deletion takes its links with it.
 */
export interface GanttLinksTable {
  id: Generated<number>;
  project_id: number;
  /** The predecessor. */
  source: number;
  /** The successor: the task the link constrains. */
  target: number;
  /** 0 finish-to-start, 1 start-to-start, 2 finish-to-finish, 3 start-to-finish. */
  type: number;
  /** Days between the two ends (-365 to 365); working days where the project leaves days out. */
  lag: number;
  /** Who made the link; null once that user is deleted. */
  creator: number | null;
  created_at: string;
}
export type GanttLinkRow = Selectable<GanttLinksTable>;
