import { ActionIcon, Box, Group, Menu, Paper, Stack, Text } from "@mantine/core";
import type { Comment } from "@plotline/contracts";
import { IconDots, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { mentionedUserIds, RichTextView, type MentionUser } from "../../../components/RichTextView.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { formatDateTime } from "../../../lib/dates.js";
import { useDeleteComment, useUpdateComment } from "../hooks/use-comments.js";
import { AttachmentList } from "../../files/components/AttachmentList.js";
import { CommentForm } from "./CommentForm.js";

/** One comment: who, when, what; edit and delete as its abilities allow. */
export function CommentItem({ projectId, comment, mentionUsers }: { projectId: number; comment: Comment; mentionUsers: readonly MentionUser[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateComment(projectId);
  const remove = useDeleteComment(projectId);
  const creator = comment.creator.data;
  const edited = comment.updated_at.timestamp > comment.created_at.timestamp;
  const canAct = comment.abilities.can_edit || comment.abilities.can_delete;

  return (
    <Paper withBorder p="sm" radius="md" data-testid="comment">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <UserAvatar user={creator} size={32} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {creator.display_name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(comment.created_at)}
                {edited && ` · ${t("comments.edited")}`}
              </Text>
            </Box>
            {canAct && !editing && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={t("comments.actions")}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {comment.abilities.can_edit && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                      {t("comments.edit")}
                    </Menu.Item>
                  )}
                  {comment.abilities.can_delete && (
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)}>
                      {t("comments.delete")}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
          {editing ? (
            <CommentForm
              initialValue={comment.content}
              initialFiles={comment.files.data}
              submitLabel={t("comments.save")}
              mentionUsers={mentionUsers}
              onCancel={() => setEditing(false)}
              onSubmit={async (html, attachments) => {
                const body = {
                  content: html,
                  notify_users: mentionedUserIds(html),
                  ...(attachments.removed.length > 0 && { files_to_delete: [...attachments.removed] }),
                };
                await update.mutateAsync({ id: comment.id, body, files: attachments.added.map((entry) => entry.file) });
                setEditing(false);
              }}
            />
          ) : (
            <>
              <RichTextView html={comment.content} />
              <AttachmentList files={comment.files.data} />
            </>
          )}
        </Stack>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t("comments.delete_title")}
        message={t("comments.delete_confirm")}
        confirmLabel={t("comments.delete")}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(comment.id, { onSuccess: () => setConfirming(false) })}
      />
    </Paper>
  );
}
