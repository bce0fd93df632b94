import type { Task } from "@plotline/contracts";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { invalidateAfter } from "../../../lib/query-keys.js";
import { showUndoToast } from "../../../lib/undo-toast.js";
import { changeTaskStatus, useChangeTaskStatus } from "../../tasks/hooks/use-tasks.js";

/**
 * After a task was completed or reopened (from its row or the palette): a toast saying so, whose Undo puts
 * its former status back. A task ticked by a slip of the hand returns to its list, where it was.
 */
export function offerStatusUndo(queryClient: QueryClient, projectId: number, before: Pick<Task, "id" | "title" | "status">, status: number): void {
  showUndoToast({
    message: i18next.t(status === 1 ? "tasks.completed_toast" : "tasks.reopened_toast", { title: before.title }),
    undo: async () => {
      await changeTaskStatus(queryClient, projectId, before.id, before.status);
      // The lists count done tasks they have not loaded; the server tells the counts after a reopen.
      await invalidateAfter(queryClient, { entity: "task-list", projectId });
    },
  });
}

/** Completes or reopens a task from its row (the checkbox, Space), with Undo or Ctrl+Z to take it back. */
export function useCompleteWithUndo(projectId: number) {
  const queryClient = useQueryClient();
  const changeStatus = useChangeTaskStatus(projectId, { quiet: true });
  const toggle = (task: Task, complete: boolean) => {
    const status = complete ? 1 : 0;
    changeStatus.mutate({ id: task.id, status }, { onSuccess: () => offerStatusUndo(queryClient, projectId, task, status) });
  };
  return { toggle, isPending: changeStatus.isPending };
}
