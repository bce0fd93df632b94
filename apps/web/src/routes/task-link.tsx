import { routePath } from "@plotline/contracts";
import { Navigate, useParams } from "react-router";

/**
 * `task_link`: the documents' link to a task (`/projects/{id}/task/{id}`, as attachments link to their
 * task). It opens the single task over the task lists, under that route's address, so closing the modal
 * behaves as it does there.
 */
export function TaskLinkPage() {
  const { project_id: projectId = "", task_id: taskId = "" } = useParams();
  return <Navigate to={routePath("single_task", { project_id: projectId, task_id: taskId })} replace />;
}
