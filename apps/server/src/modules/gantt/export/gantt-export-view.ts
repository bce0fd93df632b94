/**
 * What the Gantt export draws: the rows and links of the chart as the caller sees it, already filtered for
 * privacy and ordered (lists, then their tasks and sub-tasks beneath). The gantt module builds it; the
 * export only draws it.
 */

/** The zoom of the time scale. */
export type GanttZoom = "day" | "week" | "month" | "quarter";

/** One row of the chart. */
export interface GanttExportRow {
  /** Task, list or milestone id; links name tasks by this id. */
  id: number;
  /** A list is drawn as a summary bar, a task as a bar with its progress, a milestone as a diamond. */
  kind: "list" | "task" | "milestone";
  /** Nesting level: 0 for a list, 1 for its tasks, 2 for their sub-tasks. */
  depth: number;
  title: string;
  /** YYYY-MM-DD, or null when not scheduled. */
  start: string | null;
  /** YYYY-MM-DD, inclusive: the bar ends at the end of this day. */
  due: string | null;
  /** 0 to 100. */
  progress: number;
  done: boolean;
  /** On the critical path. */
  critical: boolean;
  /** Display names, already joined. */
  assignees: string;
}

/** The chart to export. */
export interface GanttExportView {
  projectTitle: string;
  zoom: GanttZoom;
  /** First day shown, YYYY-MM-DD. */
  from: string;
  /** Last day shown (inclusive), YYYY-MM-DD. */
  to: string;
  /** The caller's today, YYYY-MM-DD: the today marker and the file name. */
  today: string;
  rows: GanttExportRow[];
  /** type: 0 finish-to-start, 1 start-to-start, 2 finish-to-finish, 3 start-to-finish. */
  links: Array<{ source: number; target: number; type: 0 | 1 | 2 | 3 }>;
}
