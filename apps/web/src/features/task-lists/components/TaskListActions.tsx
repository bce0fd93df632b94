import { ActionIcon, Menu } from "@mantine/core";
import type { TaskList } from "@plotline/contracts";
import { IconArchive, IconCopy, IconDots, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { useDuplicateList } from "../../duplication/hooks/use-duplication.js";
import { useDeleteTaskList, useUpdateTaskList } from "../hooks/use-task-lists.js";
import { TaskListFormModal } from "./TaskListFormModal.js";

/**
 * The menu of a list: edit, archive, duplicate and delete, each shown only when the list's abilities allow
 * it. The Inbox is never offered for deletion.
 */
export function TaskListActions({
  projectId,
  list,
  onDeleted,
}: {
  projectId: number;
  list: TaskList;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateTaskList(projectId);
  const remove = useDeleteTaskList(projectId);
  const duplicate = useDuplicateList(projectId);
  const canDelete = list.abilities.can_delete && !list.is_inbox;
  const canDuplicate = list.abilities.can_duplicate;
  if (!list.abilities.can_edit && !canDelete && !canDuplicate) return null;

  const duplicateList = () => {
    // The menu's button is disabled while the copy is made; this also stops a second click racing it.
    if (!duplicate.isPending) duplicate.mutate(list.id);
  };

  // Told through the promise: the refetch that follows the archive removes this menu (and a mutate
  // callback with it) before the answer would be told.
  const archive = () => {
    void update.mutateAsync({ id: list.id, body: { status: 0 } }).then(
      (answer) => notifySuccess(answer.message ?? t("task_lists.archived", { title: list.title })),
      notifyError,
    );
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            loading={duplicate.isPending}
            aria-busy={duplicate.isPending}
            aria-label={duplicate.isPending ? t("duplication.duplicating") : t("task_lists.actions", { title: list.title })}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {list.abilities.can_edit && (
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              {t("task_lists.edit")}
            </Menu.Item>
          )}
          {list.abilities.can_archive && (
            <Menu.Item leftSection={<IconArchive size={16} />} onClick={archive}>
              {t("task_lists.archive")}
            </Menu.Item>
          )}
          {canDuplicate && (
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={duplicateList} disabled={duplicate.isPending}>
              {t("duplication.duplicate")}
            </Menu.Item>
          )}
          {canDelete && (
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
              {t("task_lists.delete")}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {editing && <TaskListFormModal projectId={projectId} list={list} canSetPrivacy={list.abilities.can_set_privacy} opened onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={confirming}
        title={t("task_lists.delete_title")}
        message={t("task_lists.delete_body", { title: list.title })}
        confirmLabel={t("task_lists.delete")}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(list.id, {
            onSuccess: () => {
              setConfirming(false);
              onDeleted?.();
            },
          })
        }
      />
    </>
  );
}
