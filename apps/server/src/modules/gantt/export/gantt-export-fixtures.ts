import type { GanttExportRow, GanttExportView } from "./gantt-export-view.js";

/**
 * Views for the export's tests and for looking at sample files. In the small view, in day zoom from Monday
 * 2025-01-06, a day is 30 px and the timeline starts at GRID_WIDTH, so every position can be worked out by hand.
 */

/** A row with the defaults of a plain, unassigned, unscheduled task. */
export function exportRow(overrides: Partial<GanttExportRow> & Pick<GanttExportRow, "id">): GanttExportRow {
  return { kind: "task", depth: 1, title: `Task ${overrides.id}`, start: null, due: null, progress: 0, done: false, critical: false, assignees: "", ...overrides };
}

/** A list, four tasks (one critical, one done, one without dates), a milestone and a link of each type. */
export function smallView(overrides: Partial<GanttExportView> = {}): GanttExportView {
  return {
    projectTitle: "Website relaunch",
    zoom: "day",
    from: "2025-01-06",
    to: "2025-01-19",
    today: "2025-01-08",
    rows: [
      exportRow({ id: 1, kind: "list", depth: 0, title: "Design", start: "2025-01-06", due: "2025-01-10", progress: 40 }),
      exportRow({ id: 10, title: "Sketch <b>&\"pages\"</b>", start: "2025-01-06", due: "2025-01-08", progress: 50, assignees: "Ada" }),
      exportRow({ id: 11, title: "Review", start: "2025-01-09", due: "2025-01-10", critical: true }),
      exportRow({ id: 12, kind: "milestone", title: "Sign-off", due: "2025-01-13" }),
      exportRow({ id: 13, title: "Someday" }),
      exportRow({ id: 14, title: "Ship", start: "2025-01-14", due: "2025-01-15", progress: 100, done: true }),
    ],
    links: [
      { source: 10, target: 11, type: 0 },
      { source: 10, target: 14, type: 1 },
      { source: 11, target: 12, type: 2 },
      { source: 14, target: 12, type: 3 },
      // Not drawn: an end without dates, an unknown task, a list as an end.
      { source: 10, target: 13, type: 0 },
      { source: 10, target: 999, type: 0 },
      { source: 1, target: 10, type: 0 },
    ],
    ...overrides,
  };
}

/** `count` lists of five chained tasks each (six rows per list), in week zoom over three months. */
export function longView(count: number, overrides: Partial<GanttExportView> = {}): GanttExportView {
  const rows: GanttExportRow[] = [];
  const links: GanttExportView["links"] = [];
  const day = (offset: number): string => new Date(Date.UTC(2025, 0, 6 + offset)).toISOString().slice(0, 10);
  for (let list = 0; list < count; list++) {
    const base = (list * 3) % 60;
    rows.push(exportRow({ id: 100_000 + list, kind: "list", depth: 0, title: `List ${list + 1}`, start: day(base), due: day(base + 24) }));
    for (let task = 0; task < 5; task++) {
      const id = list * 10 + task + 1;
      rows.push(exportRow({ id, title: `Task ${id}`, start: day(base + task * 5), due: day(base + task * 5 + 3), progress: task * 20, critical: task === 2, done: task === 0 }));
      if (task > 0) links.push({ source: id - 1, target: id, type: 0 });
    }
  }
  return { projectTitle: "Big project", zoom: "week", from: "2025-01-06", to: "2025-04-06", today: "2025-02-03", rows, links, ...overrides };
}
