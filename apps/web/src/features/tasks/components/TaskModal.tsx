import { Alert, Button, Divider, Grid, Group, Modal, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { Project, Task } from "@plotline/contracts";
import { IconInfoCircle, IconLock, IconTrash } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { DiscardGuardScope, DiscardPrompt, useDiscardGuard } from "../../../components/DiscardGuard.js";
import { NotAvailable, PageErrorState } from "../../../components/NotAvailable.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { CommentsPanel } from "../../comments/components/CommentsPanel.js";
import { useRememberRecent } from "../../command-palette/hooks/use-recent-items.js";
import { TaskLabelsField } from "../../labels/components/TaskLabelsField.js";
import { TaskCustomFields } from "../../custom-fields/components/TaskCustomFields.js";
import { SubTaskCount } from "../../sub-tasks/components/SubTaskCount.js";
import { SubTasksSection } from "../../sub-tasks/components/SubTasksSection.js";
import { usePlanStatusChange } from "../../sub-tasks/hooks/use-status-plan.js";
import { TaskTimeSection } from "../../time-tracker/components/TaskTimeSection.js";
import { formatDateTime } from "../../../lib/dates.js";
import { useChangeTaskStatus, useDeleteTask, useTask, useUpdateTask } from "../hooks/use-tasks.js";
import { TaskActivity } from "./TaskActivity.js";
import { TaskAttachments } from "./TaskAttachments.js";
import { TaskDescriptionField } from "./TaskDescriptionField.js";
import { TaskFields, type SaveTask } from "./TaskFields.js";
import { TaskTitleField } from "./TaskTitleField.js";

/** Delete with a second, explicit step, kept inside the modal so Escape still means "close the task". */
function DeleteTask({ projectId, task, onDeleted }: { projectId: number; task: Task; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteTask(projectId);
  if (!confirming) {
    return (
      <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)}>
        {t("tasks.delete")}
      </Button>
    );
  }
  return (
    <Alert color="red" variant="light" title={t("tasks.delete_title")} role="alertdialog">
      <Text size="sm">{t("tasks.delete_body")}</Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" variant="default" onClick={() => setConfirming(false)} autoFocus>
          {t("common.cancel")}
        </Button>
        <Button size="xs" color="red" loading={remove.isPending} onClick={() => remove.mutate(task.id, { onSuccess: onDeleted })}>
          {t("tasks.delete")}
        </Button>
      </Group>
    </Alert>
  );
}

/** Whether the focus is in another dialog than `own` (one opened over it, or a popover's portal). */
function isInOtherDialog(own: HTMLElement | null): boolean {
  const active = document.activeElement;
  return own !== null && active instanceof HTMLElement && !own.contains(active) && active.closest('[role="dialog"]') !== null;
}

/** The field a row key asked the modal to start in (`e`, `a`, `d`, `p` on a task row), from the link's state. */
function useFocusField(): "title" | "assignees" | "due_date" | "priority" | undefined {
  const state: unknown = useLocation().state;
  const field = typeof state === "object" && state !== null ? (state as { focusField?: unknown }).focusField : undefined;
  return field === "title" || field === "assignees" || field === "due_date" || field === "priority" ? field : undefined;
}

function TaskBody({ project, task, onClose }: { project: Project; task: Task; onClose: () => void }) {
  const focusField = useFocusField();
  const { t } = useTranslation();
  const update = useUpdateTask(project.id, { quiet: true });
  const changeStatus = useChangeTaskStatus(project.id);
  const members = project.assignees.data;
  const canEdit = task.abilities.can_edit;
  const canEditDetails = canEdit || task.abilities.can_edit_details;
  const save: SaveTask = (body, onFailed) => update.mutate({ id: task.id, body }, { onError: () => onFailed?.() });
  const planStatus = usePlanStatusChange();
  // Completing a task with open sub-tasks asks first; "Complete all" goes through change-status, which
  // closes them in the same call. Cancelling puts the status field back.
  const setStatus = (status: number, onFailed: () => void, { asEditor }: { asEditor: boolean }) => {
    void planStatus(project.id, task, status).then((plan) => {
      if (!plan) return onFailed();
      if (asEditor && !plan.completeSubTasks) return save({ status }, onFailed);
      changeStatus.mutate({ id: task.id, status, completeSubTasks: plan.completeSubTasks }, { onError: onFailed });
    });
  };
  const saveField: SaveTask = (body, onFailed) => {
    const { status, ...rest } = body;
    if (status === undefined || Object.keys(rest).length > 0) return save(body, onFailed);
    setStatus(status, () => onFailed?.(), { asEditor: true });
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
        <Paper withBorder radius="md" p="sm" bg="var(--plotline-color-panel)">
          <Stack gap="sm">
            <TaskFields
              task={task}
              canEdit={canEdit}
              canEditDetails={canEditDetails}
              canComplete={task.abilities.can_complete}
              canSetPrivacy={task.abilities.can_set_privacy}
              members={members}
              focusField={focusField}
              onSave={saveField}
              onChangeStatus={(status, onFailed) => setStatus(status, onFailed, { asEditor: false })}
            />
            <TaskLabelsField projectId={project.id} task={task} canEdit={canEdit} onSave={save} />
            <TaskCustomFields projectId={project.id} task={task} members={members} />
            <Text size="xs" c="dimmed">
              {t("tasks.created_by", { name: task.creator.data.display_name, date: formatDateTime(task.created_at) })}
            </Text>
            {task.abilities.can_delete && (
              <Group>
                <DeleteTask projectId={project.id} task={task} onDeleted={onClose} />
              </Group>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
        <Stack gap="lg">
          {!canEditDetails && (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />}>
              {task.abilities.can_complete ? t("tasks.read_only_but_status") : t("tasks.read_only")}
            </Alert>
          )}
          <TaskDescriptionField
            task={task}
            canEdit={canEditDetails}
            mentionUsers={members}
            saving={update.isPending}
            onSave={(html, done) => update.mutate({ id: task.id, body: { description: html } }, { onSuccess: done })}
          />
          <SubTasksSection projectId={project.id} task={task} members={members} />
          <TaskAttachments projectId={project.id} task={task} />
          <TaskTimeSection project={project} task={task} />
          <Divider />
          <CommentsPanel projectId={project.id} commentableType="task" commentableId={task.id} mentionUsers={members} />
          <Divider />
          <TaskActivity projectId={project.id} taskId={task.id} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * The single-task modal: every field of a task, its comments and its activity. Each control saves as it
 * changes; controls are read-only when the task's abilities say so. Escape or the close button leave it.
 */
export function TaskModal({ project, taskId, onClose }: { project: Project; taskId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const task = useTask(project.id, taskId);
  const update = useUpdateTask(project.id, { quiet: true });
  const fullScreen = useMediaQuery("(max-width: 48em)") ?? false;
  const data = task.data?.data;
  const focusField = useFocusField();
  useRememberRecent(data ? { type: "task", id: data.id, projectId: data.project_id, title: data.title } : null);
  // Fields save as they change; only a comment or description being written can be lost on closing.
  const guard = useDiscardGuard(false, onClose);
  const contentRef = useRef<HTMLDivElement>(null);
  // Escape pressed in a dialog over this one (a sub-task's delete confirmation, a date picker) closes that one only.
  const requestClose = () => {
    if (isInOtherDialog(contentRef.current)) return;
    guard.requestClose();
  };

  return (
    <>
      <Modal.Root opened onClose={requestClose} size={980} fullScreen={fullScreen} centered={!fullScreen}>
        <Modal.Overlay />
        <Modal.Content ref={contentRef} aria-label={data?.title ?? t("tasks.task")}>
          <Modal.Header style={{ alignItems: "flex-start", gap: "var(--mantine-spacing-sm)" }}>
            <Group gap={6} wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
              {data?.meta.privacy === "1" && (
                <Tooltip label={t("tasks.private")} withArrow>
                  <IconLock size={16} aria-label={t("tasks.private")} role="img" style={{ marginTop: 6, flexShrink: 0 }} />
                </Tooltip>
              )}
              <div style={{ flex: 1, minWidth: 0 }}>
                {data ? (
                  <TaskTitleField
                    task={data}
                    canEdit={data.abilities.can_edit || data.abilities.can_edit_details}
                    startEditing={focusField === "title"}
                    onSave={(title) => update.mutate({ id: data.id, body: { title } })}
                  />
                ) : (
                  <Text fw={600} size="lg">
                    {t("tasks.task")}
                  </Text>
                )}
              </div>
              {data && (
                <div style={{ marginTop: 8, flexShrink: 0 }}>
                  <SubTaskCount task={data} />
                </div>
              )}
            </Group>
            <Modal.CloseButton aria-label={t("common.close")} />
          </Modal.Header>
          <Modal.Body>
            <DiscardGuardScope guard={guard}>
              {!Number.isInteger(taskId) ? (
                <NotAvailable backTo={{ onClick: onClose, label: t("common.close") }} />
              ) : task.isPending ? (
                <LoadingScreen />
              ) : task.error ? (
                <PageErrorState error={task.error} onRetry={() => void task.refetch()} backTo={{ onClick: onClose, label: t("common.close") }} />
              ) : (
                <TaskBody project={project} task={task.data.data} onClose={onClose} />
              )}
            </DiscardGuardScope>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
      <DiscardPrompt guard={guard} />
    </>
  );
}
