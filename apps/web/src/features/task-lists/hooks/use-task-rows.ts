import type { Task } from "@plotline/contracts";
import { useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { useShortcuts } from "../../shortcuts/hooks/use-shortcuts.js";
import type { TaskRowsControl } from "../components/task-rows-context.js";
import { TASK_LINK_STATE } from "../../../lib/task-link-state.js";
import { EMPTY_SELECTION, keepShown, neighbourRow, selectRange, toggleTask, type TaskSelection } from "../lib/task-selection.js";
import { useBulkActions } from "./use-bulk-actions.js";
import { useCompleteWithUndo } from "./use-complete-with-undo.js";

/** The field of the task modal a row key opens it on: `e` the title, `a` the assignees, `d` the due date, `p` the priority. */
export type TaskFieldFocus = "title" | "assignees" | "due_date" | "priority";

/** How a link to the task modal says which field to start in; read by the modal. */
export function taskLinkState(focus?: TaskFieldFocus) {
  return focus ? { ...TASK_LINK_STATE, focusField: focus } : TASK_LINK_STATE;
}

/** The ids of the task rows shown inside `container`, top to bottom; rows of a folded "done" group are left out. */
function rowIdsIn(container: HTMLElement | null): number[] {
  if (!container) return [];
  return [...container.querySelectorAll<HTMLElement>("[data-task-row]")].filter(isShown).map((row) => Number(row.dataset.taskId));
}

/** Whether an element takes space on the page (a folded group is `display: none`). */
export function isShown(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

function rowElement(container: HTMLElement | null, taskId: number): HTMLElement | null {
  return container?.querySelector<HTMLElement>(`[data-task-row][data-task-id="${taskId}"]`) ?? null;
}

/**
 * The keyboard and selection of a page of task rows: j/k move between rows, x and Ctrl-click pick one,
 * Shift-click a range, Enter opens, e/a/d/p open the modal on the title, assignees, due date or
 * priority, Space completes the task (or the selected ones). `tasks` are every task the page shows, by id.
 */
export function useTaskRows({ projectId, tasks, taskHref }: { projectId: number; tasks: ReadonlyMap<number, Task>; taskHref: (task: Task) => string }) {
  const navigate = useNavigate();
  const complete = useCompleteWithUndo(projectId);
  const containerRef = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<TaskSelection>(EMPTY_SELECTION);
  const [focusedId, setFocusedId] = useState<number | null>(null);

  // Tasks that left the page (deleted, moved to a list on another page, completed away) leave the selection.
  const shownIds = useMemo(() => [...tasks.keys()], [tasks]);
  useEffect(() => setSelection((current) => keepShown(current, shownIds)), [shownIds]);

  const taskOfRow = (target: Element | null): Task | undefined => {
    const row = target?.closest<HTMLElement>("[data-task-row]");
    return row ? tasks.get(Number(row.dataset.taskId)) : undefined;
  };
  const focusRow = (taskId: number | null) => {
    if (taskId === null) return;
    setFocusedId(taskId);
    rowElement(containerRef.current, taskId)?.focus();
  };
  const move = (step: 1 | -1) => (target: Element | null) => {
    const current = taskOfRow(target)?.id ?? null;
    focusRow(neighbourRow(rowIdsIn(containerRef.current), current, step));
  };
  const open = (focus?: TaskFieldFocus) => (target: Element | null) => {
    const task = taskOfRow(target);
    if (task) void navigate(taskHref(task), { state: taskLinkState(focus) });
  };

  const clearSelection = () => setSelection(EMPTY_SELECTION);
  const selectedTasks = selection.ids.flatMap((id) => tasks.get(id) ?? []);
  const actions = useBulkActions({ projectId, selected: selectedTasks, onClear: clearSelection });

  useShortcuts({
    row_next: move(1),
    row_previous: move(-1),
    row_select: (target) => {
      const task = taskOfRow(target);
      if (task) setSelection((current) => toggleTask(current, task.id));
    },
    row_open: open(),
    row_edit_title: open("title"),
    row_assign: open("assignees"),
    row_due_date: open("due_date"),
    row_priority: open("priority"),
    // With tasks selected, Space acts on all of them (one bulk call), as the bar's Complete does.
    row_complete: (target) => {
      if (selectedTasks.length > 0) return actions.toggleComplete();
      const task = taskOfRow(target);
      if (task?.abilities.can_complete) complete.toggle(task, task.status !== 1);
    },
  });

  // Escape drops the selection, unless a dialog or a menu is open (Escape closes that first).
  const hasSelection = selection.ids.length > 0;
  useEffect(() => {
    if (!hasSelection) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      clearSelection();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [hasSelection]);

  // When the row with the focus leaves (completed into the folded group, moved, deleted), the focus goes to
  // the row that followed it, or else the one before, so the keyboard never drops back to the page's top.
  const lastRowIds = useRef<number[]>([]);
  useEffect(() => {
    const ids = rowIdsIn(containerRef.current);
    const previous = lastRowIds.current;
    lastRowIds.current = ids;
    if (focusedId === null || ids.includes(focusedId) || document.activeElement !== document.body) return;
    const index = previous.indexOf(focusedId);
    const stillShown = (id: number) => ids.includes(id);
    const next = previous.slice(index + 1).find(stillShown) ?? previous.slice(0, Math.max(0, index)).reverse().find(stillShown);
    if (next !== undefined) focusRow(next);
    // Runs when the page's tasks change; the focus moves are this effect's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tasks]);

  // Back from the task modal (its route replaced the page's), the keyboard returns to the row it left.
  const location = useLocation();
  useEffect(() => {
    if (focusedId === null) return;
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === document.body) rowElement(containerRef.current, focusedId)?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
    // Only a change of address matters here, not each focus move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  const selectedIds = useMemo(() => new Set(selection.ids), [selection.ids]);
  const firstShown = shownIds[0] ?? null;
  const control: TaskRowsControl = {
    selectedIds,
    currentId: focusedId !== null && tasks.has(focusedId) ? focusedId : firstShown,
    onRowFocus: setFocusedId,
    onRowClick: (taskId: number, event: MouseEvent) => {
      if (event.shiftKey) {
        // Without a task picked yet, the range starts at the row last clicked or reached with j/k.
        setSelection((current) => selectRange({ ...current, anchor: current.anchor ?? focusedId }, rowIdsIn(containerRef.current), taskId));
        return true;
      }
      // Ctrl-click on the title still opens the task in a new tab, as links do.
      const onLink = event.target instanceof Element && event.target.closest("a") !== null;
      if ((event.ctrlKey || event.metaKey) && !onLink) {
        setSelection((current) => toggleTask(current, taskId));
        return true;
      }
      return false;
    },
  };

  return { containerRef, control, selectedTasks, actions, clearSelection };
}
