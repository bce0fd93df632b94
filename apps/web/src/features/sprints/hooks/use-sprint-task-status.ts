import type { Sprint, Task } from "@plotline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys.js";
import { usePlanStatusChange } from "../../sub-tasks/hooks/use-status-plan.js";
import { changeTaskStatus } from "../../tasks/hooks/use-tasks.js";

/** The sprint on screen with one of its tasks changed. */
function withTask(sprint: Sprint | undefined, task: Pick<Task, "id"> & Partial<Task>): Sprint | undefined {
  if (!sprint?.tasks) return sprint;
  return { ...sprint, tasks: { ...sprint.tasks, data: sprint.tasks.data.map((entry) => (entry.id === task.id ? { ...entry, ...task } : entry)) } };
}

/**
 * Completes or reopens a sprint's task through the task's own `change-status` call (the sprint records the
 * change in its history on the server). The box shows the new state at once; a refusal puts it back. A
 * task with open sub-tasks asks first whether they are completed too, as everywhere else.
 */
export function useSprintTaskStatus(sprintId: number) {
  const queryClient = useQueryClient();
  const planStatus = usePlanStatusChange();
  const key = queryKeys.sprints.one(sprintId);
  const mutation = useMutation({
    mutationFn: ({ task, status, completeSubTasks }: { task: Task; status: number; completeSubTasks: boolean }) =>
      changeTaskStatus(queryClient, task.project_id, task.id, status, completeSubTasks),
    onMutate: async ({ task, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, (old: Sprint | undefined) => withTask(old, { id: task.id, status }));
      return { before: task.status };
    },
    onSuccess: (answer) => queryClient.setQueryData(key, (old: Sprint | undefined) => withTask(old, answer.data)),
    onError: (_error, { task }, context) => {
      // The query client toasts the server's message; the box goes back to what it was.
      queryClient.setQueryData(key, (old: Sprint | undefined) => withTask(old, { id: task.id, status: context?.before ?? task.status }));
    },
  });
  return {
    isPending: mutation.isPending,
    /** Sets the task's status, asking about its open sub-tasks first when it is completed. */
    setStatus: (task: Task, status: number) =>
      void planStatus(task.project_id, task, status).then((plan) => {
        if (plan) mutation.mutate({ task, status, completeSubTasks: plan.completeSubTasks });
      }),
  };
}
