import { Outlet, useParams } from "react-router";
import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";
import { SingleListView } from "../features/task-lists/components/SingleListView.js";

/** `single_list`: one task list with all its tasks; the single-task modal opens over it as a child route. */
export function SingleListPage() {
  const project = useProject(useProjectId());
  const { list_id: listId } = useParams();
  if (!project.data) return null;
  return (
    <>
      <SingleListView project={project.data} listId={listId && /^\d+$/.test(listId) ? Number(listId) : Number.NaN} />
      <Outlet />
    </>
  );
}
