import { Outlet, useParams, useSearchParams } from "react-router";
import { useRememberView } from "../features/kanboard/hooks/use-kanboard-view.js";
import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";
import { ArchivedTaskListsView } from "../features/task-lists/components/ArchivedTaskListsView.js";

/**
 * `task_lists_archive` and `task_lists_archive_pagination`: a project's archived lists; the single-task
 * modal (`archived_single_task`) opens over it as a child route, over the page it was opened from.
 */
export function TaskListsArchivePage() {
  const projectId = useProjectId();
  const project = useProject(projectId);
  const { current_page_number: fromPath } = useParams();
  // Under an open task the page comes from `?page=` (archived_single_task has no page in its path).
  const [search] = useSearchParams();
  const raw = fromPath ?? search.get("page");
  const page = raw && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  // The project's list view type is the archive now: search results about its tasks open over it.
  useRememberView(projectId, "archive");
  if (!project.data) return null;
  return (
    <>
      <ArchivedTaskListsView project={project.data} page={page} />
      <Outlet />
    </>
  );
}
