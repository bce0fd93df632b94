import { routePath } from "@plotline/contracts";
import { useLocation, useNavigate, useParams } from "react-router";
import { useKanboardOn } from "../features/kanboard/hooks/use-kanboard-on.js";
import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";
import { TaskModal } from "../features/tasks/components/TaskModal.js";

/**
 * `kanboard_single_task`: the single-task modal over the board. Closing goes back when the card was opened
 * from the board, else (a shared address, a search result) to the board. A chunk of its own, so the board
 * opens without the task window's code (editor, comments, time), which loads when a card is opened.
 */
export function KanboardSingleTaskPage() {
  const isOn = useKanboardOn();
  const projectId = useProjectId();
  const project = useProject(projectId);
  const { task_id: taskId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  if (!isOn || !project.data) return null;
  const close = () => {
    if ((location.state as { backToPrevious?: boolean } | null)?.backToPrevious) {
      void navigate(-1);
      return;
    }
    void navigate(routePath("kanboard", { project_id: projectId }), { replace: true });
  };
  return <TaskModal project={project.data} taskId={taskId && /^\d+$/.test(taskId) ? Number(taskId) : Number.NaN} onClose={close} />;
}
