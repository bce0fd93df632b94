import { ROUTES, routePath } from "@plotline/contracts";
import { matchPath, useLocation, useNavigate, useParams } from "react-router";
import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";
import { TaskModal } from "../features/tasks/components/TaskModal.js";

/**
 * `single_task`, `single_list_task`, `single_milestone_task` and `archived_single_task`: the single-task modal over the page it opened
 * from. The address can be shared; closing goes back when the modal was opened from a link on this site, else to the list page.
 */
export function SingleTaskPage() {
  const projectId = useProjectId();
  const project = useProject(projectId);
  const { task_id: taskId, list_id: listId, milestone_id: milestoneId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();

  const close = () => {
    if ((location.state as { backToPrevious?: boolean } | null)?.backToPrevious) {
      void navigate(-1);
      return;
    }
    const back = milestoneId
      ? routePath("single_milestone", { project_id: projectId, milestone_id: milestoneId })
      : listId
        ? routePath("single_list", { project_id: projectId, list_id: listId })
        : matchPath(ROUTES.archived_single_task, location.pathname)
          ? archivePage(projectId, new URLSearchParams(location.search).get("page"))
          : routePath("task_lists", { project_id: projectId });
    void navigate(back, { replace: true });
  };

  if (!project.data) return null;
  return <TaskModal project={project.data} taskId={taskId && /^\d+$/.test(taskId) ? Number(taskId) : Number.NaN} onClose={close} />;
}

/** The archive page a task was opened from (`?page=`), page 1 when there is none. */
function archivePage(projectId: number, page: string | null): string {
  return page && /^\d+$/.test(page) && Number(page) > 1
    ? routePath("task_lists_archive_pagination", { project_id: projectId, current_page_number: Number(page) })
    : routePath("task_lists_archive", { project_id: projectId });
}
