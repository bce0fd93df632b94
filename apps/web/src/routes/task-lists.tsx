import { Outlet } from "react-router";
import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";
import { TaskListsView } from "../features/task-lists/components/TaskListsView.js";

/** `task_lists`: a project's task lists; the single-task modal opens over it as a child route. */
export function TaskListsPage() {
  const project = useProject(useProjectId());
  if (!project.data) return null;
  return (
    <>
      <TaskListsView project={project.data} />
      <Outlet />
    </>
  );
}
