import { Center, Loader, Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { NewTaskModal, type NewTaskDraft } from "../../calendar/components/NewTaskModal.js";
import { useCalendarProjects } from "../../calendar/hooks/use-calendar.js";

/**
 * The New Task form away from a list (the `c` key or the palette on My Tasks, the calendar, a project's
 * overview): the calendar's form, with its project picker and the project's Inbox as the list. It is
 * loaded with its own chunk, as the form brings the date pickers.
 */
export function NewTaskLauncher({ draft, onClose }: { draft: NewTaskDraft; onClose: () => void }) {
  const { t } = useTranslation();
  const projects = useCalendarProjects();
  if (projects.data) return <NewTaskModal draft={draft} projects={projects.data.projects} onClose={onClose} />;
  return (
    <Modal opened onClose={onClose} title={t("calendar.new_task_form.title")} centered closeButtonProps={{ "aria-label": t("common.close") }}>
      {projects.error ? (
        <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />
      ) : (
        <Center py="lg">
          <Loader size="sm" role="img" aria-label={t("common.loading")} />
        </Center>
      )}
    </Modal>
  );
}
