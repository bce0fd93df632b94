import { Outlet } from "react-router";
import { useRememberView } from "../features/kanboard/hooks/use-kanboard-view.js";
import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";
import { TaskListsView } from "../features/task-lists/components/TaskListsView.js";

/** `task_lists`: a project's task lists; the single-task modal opens over it as a child route. */
export function TaskListsPage() {
  const projectId = useProjectId();
  const project = useProject(projectId);
  // The person looks at the lists now: search results about this project's tasks open over them.
  useRememberView(projectId, "list");
  if (!project.data) return null;
  return (
    <>
      <TaskListsView project={project.data} />
      <Outlet />
    </>
  );
}
