import { Anchor, type AnchorProps } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { Link } from "react-router";
import { TASK_LINK_STATE } from "../lib/task-link-state.js";

/**
 * A task's title as a link to its window over the page it was opened from (closing goes back), struck
 * through and dimmed when the task is done. Lists outside the task lists page (My Tasks, a sprint) use it.
 */
export function TaskTitleLink({ task, done, ...props }: { task: { id: number; project_id: number; title: string }; done: boolean } & AnchorProps & { className?: string }) {
  return (
    <Anchor
      component={Link}
      to={routePath("single_task", { project_id: task.project_id, task_id: task.id })}
      state={TASK_LINK_STATE}
      size="sm"
      fw={500}
      c={done ? "dimmed" : "var(--mantine-color-text)"}
      td={done ? "line-through" : undefined}
      {...props}
    >
      {task.title}
    </Anchor>
  );
}
