import type { Task } from "@plotline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { invalidateAfter } from "../../../lib/query-keys.js";
import { showUndoToast } from "../../../lib/undo-toast.js";
import { changeTaskStatus, useChangeTaskStatus } from "../../tasks/hooks/use-tasks.js";

/**
 * Completes or reopens a task from its row (the checkbox, Space) and offers to take it back: a task
 * ticked by a slip of the hand returns to its list, where it was, with Undo or Ctrl+Z.
 */
export function useCompleteWithUndo(projectId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const changeStatus = useChangeTaskStatus(projectId, { quiet: true });
  const toggle = (task: Task, complete: boolean) => {
    const before = task.status;
    changeStatus.mutate(
      { id: task.id, status: complete ? 1 : 0 },
      {
        onSuccess: () =>
          showUndoToast({
            message: complete ? t("tasks.completed_toast", { title: task.title }) : t("tasks.reopened_toast", { title: task.title }),
            undo: async () => {
              await changeTaskStatus(queryClient, projectId, task.id, before);
              // The lists count done tasks they have not loaded; the server tells the counts after a reopen.
              await invalidateAfter(queryClient, { entity: "task-list", projectId });
            },
          }),
      },
    );
  };
  return { toggle, isPending: changeStatus.isPending };
}
