import type { PaletteTask } from "../hooks/use-palette-commands.js";

/** The task whose modal an address opens (`…/tasks/12` under a project, the calendar's too), or null. */
export function taskOfPath(pathname: string): PaletteTask | null {
  const match = /^(?:\/calendar)?\/projects\/(\d+)\/(?:.*\/)?tasks\/(\d+)$/.exec(pathname);
  return match ? { projectId: Number(match[1]), taskId: Number(match[2]) } : null;
}

/** The task of the task row holding the focus, on a project's page. */
export function taskOfRow(element: Element | null, projectId: number | null): PaletteTask | null {
  const row = element?.closest<HTMLElement>("[data-task-row]");
  const taskId = Number(row?.dataset.taskId);
  return row && projectId !== null && Number.isInteger(taskId) ? { projectId, taskId } : null;
}
