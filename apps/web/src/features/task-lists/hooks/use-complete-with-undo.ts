import type { Task } from "@plotline/contracts";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { invalidateAfter } from "../../../lib/query-keys.js";
import { showUndoToast } from "../../../lib/undo-toast.js";
import { reopenSubTasks, usePlanStatusChange } from "../../sub-tasks/hooks/use-status-plan.js";
import { changeTaskStatus, useChangeTaskStatus } from "../../tasks/hooks/use-tasks.js";

/**
 * After a task was completed or reopened (from its row or the palette): a toast saying so, whose Undo puts
 * its former status back. A task ticked by a slip of the hand returns to its list, where it was. When the
 * completion closed sub-tasks too (`subTaskIds`), Undo reopens them as well.
 */
export function offerStatusUndo(
  queryClient: QueryClient,
  projectId: number,
  before: Pick<Task, "id" | "title" | "status">,
  status: number,
  subTaskIds: readonly number[] = [],
): void {
  const message =
    subTaskIds.length > 0
      ? i18next.t("sub_tasks.completed_with_sub_tasks", { title: before.title, count: subTaskIds.length })
      : i18next.t(status === 1 ? "tasks.completed_toast" : "tasks.reopened_toast", { title: before.title });
  showUndoToast({
    message,
    undo: async () => {
      await changeTaskStatus(queryClient, projectId, before.id, before.status);
      await reopenSubTasks(queryClient, projectId, before.id, subTaskIds);
      // The lists count done tasks they have not loaded; the server tells the counts after a reopen.
      await invalidateAfter(queryClient, { entity: "task-list", projectId });
    },
  });
}

/**
 * Completes or reopens a task from its row (the checkbox, Space), with Undo or Ctrl+Z to take it back.
 * Completing a task with open sub-tasks asks first whether they are completed too.
 */
export function useCompleteWithUndo(projectId: number) {
  const queryClient = useQueryClient();
  const changeStatus = useChangeTaskStatus(projectId, { quiet: true });
  const planStatus = usePlanStatusChange();
  const toggle = (task: Task, complete: boolean) => {
    const status = complete ? 1 : 0;
    void planStatus(projectId, task, status).then((plan) => {
      if (!plan) return;
      changeStatus.mutate(
        { id: task.id, status, completeSubTasks: plan.completeSubTasks },
        { onSuccess: () => offerStatusUndo(queryClient, projectId, task, status, plan.reopenSubTaskIds) },
      );
    });
  };
  return { toggle, isPending: changeStatus.isPending };
}
