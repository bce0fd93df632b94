import { Modal } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { NotAvailable, PageErrorState } from "../components/NotAvailable.js";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { CalendarScreen } from "../features/calendar/components/CalendarScreen.js";
import { useProject } from "../features/projects/hooks/use-projects.js";
import { invalidateAfter } from "../lib/query-keys.js";
import { TaskModal } from "../features/tasks/components/TaskModal.js";
import { NotFoundPage } from "./not-found.js";

/**
 * `calendar` (and, as children, `project_calendar` and `calendar_single_task`). While the modules list has
 * Calendar off, the page does not exist, as its menu entry does not.
 */
export function CalendarPage() {
  const me = useCurrentMe();
  if (!me.active_modules.includes("calendar")) return <NotFoundPage />;
  return <CalendarScreen />;
}

/** `project_calendar`: the calendar reads the project from the address; nothing more to show. */
export function ProjectCalendarPage() {
  return null;
}

/**
 * `calendar_single_task`: the single-task modal over the calendar. Closing goes back when it was opened
 * from the calendar, else to the calendar with the same filters; the calendar reloads, as the task may
 * have changed.
 */
export function CalendarSingleTaskPage() {
  const { t } = useTranslation();
  const { project_id: rawProject, task_id: rawTask } = useParams();
  const projectId = rawProject && /^\d+$/.test(rawProject) ? Number(rawProject) : Number.NaN;
  const taskId = rawTask && /^\d+$/.test(rawTask) ? Number(rawTask) : Number.NaN;
  const project = useProject(projectId);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const close = () => {
    void invalidateAfter(queryClient, { entity: "calendar" });
    if ((location.state as { backToPrevious?: boolean } | null)?.backToPrevious) {
      void navigate(-1);
      return;
    }
    void navigate({ pathname: routePath("calendar"), search: location.search }, { replace: true });
  };

  if (project.error || !Number.isInteger(projectId)) {
    return (
      <Modal opened onClose={close} title={t("tasks.task")} centered>
        {project.error ? (
          <PageErrorState error={project.error} onRetry={() => void project.refetch()} backTo={{ onClick: close, label: t("common.close") }} />
        ) : (
          <NotAvailable backTo={{ onClick: close, label: t("common.close") }} />
        )}
      </Modal>
    );
  }
  if (!project.data) return null;
  return <TaskModal project={project.data} taskId={taskId} onClose={close} />;
}
