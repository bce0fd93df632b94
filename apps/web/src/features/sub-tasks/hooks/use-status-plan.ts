import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { askAboutSubTasks, type CompletedTask } from "../lib/completion-question.js";
import { openSubTaskIds, updateSubTaskNow } from "./use-sub-tasks.js";
import { useIsModuleOn } from "./use-module-on.js";

/** How a task's status is to change, once the question about its sub-tasks (if any) was answered. */
export interface StatusPlan {
  /** Send `complete_sub_tasks`: its open sub-tasks are completed with it. */
  completeSubTasks: boolean;
  /** The sub-tasks that completion will complete, for Undo to reopen. */
  reopenSubTaskIds: number[];
}

/**
 * What every place that completes a task calls first: completing a task with open sub-tasks asks whether
 * they are completed too. Resolves to null when the person cancelled; then nothing is sent.
 */
export function usePlanStatusChange() {
  const queryClient = useQueryClient();
  const isOn = useIsModuleOn("sub_tasks");
  return useCallback(
    async (projectId: number, task: CompletedTask & { id: number }, status: number): Promise<StatusPlan | null> => {
      const choice = await askAboutSubTasks(task, status, isOn);
      if (!choice) return null;
      if (!choice.completeSubTasks) return { completeSubTasks: false, reopenSubTaskIds: [] };
      // Undo can reopen the sub-tasks only if it knows which were open; the completion goes ahead without.
      const ids = await openSubTaskIds(queryClient, projectId, task.id).catch(() => []);
      return { completeSubTasks: true, reopenSubTaskIds: ids };
    },
    [queryClient, isOn],
  );
}

/** Reopens sub-tasks a completion closed (Undo of "Complete all"). */
export async function reopenSubTasks(queryClient: QueryClient, projectId: number, parentId: number, ids: readonly number[]): Promise<void> {
  await Promise.all(ids.map((id) => updateSubTaskNow(queryClient, projectId, parentId, id, { status: 0 })));
}
