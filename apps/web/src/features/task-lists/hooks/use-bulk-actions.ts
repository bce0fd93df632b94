import type { BulkTasksBody, Task } from "@plotline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { showUndoToast } from "../../../lib/undo-toast.js";
import { runUndo, undoBodies, useBulkTasks } from "./use-bulk-tasks.js";
import { restoreDeleted } from "../../../lib/restore.js";

/** The toast's text after each action, by action, with the count of tasks it changed. */
const DONE_KEYS = {
  complete: "task_lists.bulk.completed",
  reopen: "task_lists.bulk.reopened",
  move: "task_lists.bulk.moved",
  assign: "task_lists.bulk.assigned",
  due_date: "task_lists.bulk.dated",
  priority: "task_lists.bulk.prioritised",
  delete: "task_lists.bulk.deleted",
} as const satisfies Record<BulkTasksBody["action"], string>;

/**
 * Runs one action on the selected tasks through the bulk call and offers to take it back: an Undo toast
 * that puts each changed task back as it was, or brings deleted ones back from the trash. Completed,
 * moved and deleted tasks leave the selection; after the other actions it stays, for the next one.
 */
export function useBulkActions({ projectId, selected, onClear }: { projectId: number; selected: readonly Task[]; onClear: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const bulk = useBulkTasks(projectId);

  const run = (body: BulkTasksBody, onDone?: () => void) => {
    const before = [...selected];
    bulk.mutate(body, {
      onSuccess: (result) => {
        onDone?.();
        const changed = body.action === "delete" ? result.meta.deleted_ids : result.meta.changed_ids;
        const message = t(DONE_KEYS[body.action], { count: changed.length });
        if (body.action === "delete" || body.action === "move" || body.action === "complete") onClear();
        if (body.action === "delete") {
          const ticket = result.undo;
          if (ticket) showUndoToast({ message, undo: () => restoreDeleted(queryClient, ticket.id) });
          return;
        }
        const bodies = undoBodies(body, before, changed);
        if (bodies.length > 0) showUndoToast({ message, undo: () => runUndo(queryClient, projectId, bodies) });
      },
    });
  };

  /** Space on a selection: completes it, or reopens it when every selected task is done already. */
  const toggleComplete = () => {
    const ids = selected.map((task) => task.id);
    if (ids.length === 0) return;
    run({ action: selected.every((task) => task.status === 1) ? "reopen" : "complete", task_ids: ids });
  };

  return { bulk, run, toggleComplete };
}

export type BulkActions = ReturnType<typeof useBulkActions>;
