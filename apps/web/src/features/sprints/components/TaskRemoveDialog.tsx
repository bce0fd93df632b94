import { Button, Flex, Group, Modal, Stack, Text } from "@mantine/core";
import type { Task } from "@plotline/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteTask } from "../../tasks/hooks/use-tasks.js";

/**
 * What "Remove or delete…" on a sprint's task asks (spec: a sprint task can be removed from the sprint or
 * permanently deleted): "Remove from sprint" sends it back to the backlog at once; "Delete task
 * permanently" asks "Are you sure?" before the task's own delete call, which offers Undo.
 */
export function TaskRemoveDialog({
  task,
  canRemove,
  onRemove,
  onClose,
}: {
  task: Task;
  /** The reader may take it out of the sprint. */
  canRemove: boolean;
  onRemove: (task: Task) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deleteTask = useDeleteTask(task.project_id);
  const [isSure, setSure] = useState(false);
  const canDelete = task.abilities.can_delete;

  if (isSure || !canRemove) {
    return (
      <Modal opened onClose={onClose} title={t("sprints.delete_sure_title")} centered size="sm">
        <Text size="sm">{t("sprints.delete_sure_message", { title: task.title })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t("common.cancel")}
          </Button>
          <Button color="red" loading={deleteTask.isPending} onClick={() => deleteTask.mutate(task.id, { onSuccess: onClose })}>
            {t("sprints.delete_permanently")}
          </Button>
        </Group>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={onClose} title={t("sprints.remove_title", { title: task.title })} centered size="md">
      <Stack gap="lg">
        <Text size="sm">{t("sprints.remove_message")}</Text>
        {/* Three choices do not fit a phone's width: there they stack, full width, Cancel last. */}
        <Flex direction={{ base: "column-reverse", sm: "row" }} justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t("common.cancel")}
          </Button>
          {canDelete && (
            <Button variant="default" c="var(--plotline-color-danger)" onClick={() => setSure(true)}>
              {t("sprints.delete_permanently")}
            </Button>
          )}
          <Button
            onClick={() => {
              onRemove(task);
              onClose();
            }}
          >
            {t("sprints.remove_from_sprint")}
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
