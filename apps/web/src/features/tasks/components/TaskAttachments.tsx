import { Button, FileButton, Group, Stack } from "@mantine/core";
import type { Task } from "@plotline/contracts";
import { IconPaperclip } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { AttachmentHeading, AttachmentList } from "../../files/components/AttachmentList.js";
import { useAttachToTask, useUpdateTask } from "../hooks/use-tasks.js";

/**
 * The files attached to a task: each with its thumbnail and download link. People who may edit the task
 * attach files at once with 'Attach files' and remove one after a confirmation.
 */
export function TaskAttachments({ projectId, task }: { projectId: number; task: Task }) {
  const { t } = useTranslation();
  const attach = useAttachToTask(projectId);
  const update = useUpdateTask(projectId);
  const files = task.files?.data ?? [];
  const canEdit = task.abilities.can_edit;
  if (!canEdit && files.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t("attachments.title")}>
      <Group justify="space-between">
        <AttachmentHeading title={t("attachments.title")} count={files.length} />
        {canEdit && (
          <FileButton onChange={(chosen) => chosen.length > 0 && attach.mutate({ id: task.id, files: chosen })} multiple disabled={attach.isPending}>
            {(props) => (
              <Button size="xs" variant="light" leftSection={<IconPaperclip size={14} />} loading={attach.isPending} {...props}>
                {t("attachments.attach")}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <AttachmentList
        files={files}
        emptyText={t("attachments.none")}
        removing={update.isPending}
        onRemove={canEdit ? (file) => update.mutateAsync({ id: task.id, body: { files_to_delete: [file.id] } }) : undefined}
      />
    </Stack>
  );
}
