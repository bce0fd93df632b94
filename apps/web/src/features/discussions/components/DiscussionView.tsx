import { ActionIcon, Anchor, Badge, Card, Divider, Group, Menu, Stack, Text, Title, Tooltip } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconArrowLeft, IconDots, IconFlag, IconLock, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ErrorState } from "../../../components/ErrorState.js";
import { isNotAvailable, NotAvailable } from "../../../components/NotAvailable.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { RichTextView } from "../../../components/RichTextView.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { CommentsPanel } from "../../comments/components/CommentsPanel.js";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { useProject } from "../../projects/hooks/use-projects.js";
import { formatDateTime } from "../../../lib/dates.js";
import { AttachmentHeading, AttachmentList } from "../../files/components/AttachmentList.js";
import { useDeleteDiscussion, useDiscussion, useUpdateDiscussion } from "../hooks/use-discussions.js";
import { DiscussionFormModal } from "./DiscussionFormModal.js";

/** One discussion: its message, then the comments with @mentions of the project's members. */
export function DiscussionView({ projectId, discussionId }: { projectId: number; discussionId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: project } = useProject(projectId);
  const discussion = useDiscussion(projectId, discussionId);
  const remove = useDeleteDiscussion(projectId);
  const update = useUpdateDiscussion(projectId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const mentionUsers = project?.assignees.data ?? [];
  const listPath = routePath("discussions", { project_id: projectId });

  const back = (
    <Anchor component={Link} to={listPath} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t("discussions.back")}
      </Group>
    </Anchor>
  );

  if (!Number.isInteger(discussionId) || isNotAvailable(discussion.error)) return <NotAvailable backTo={{ to: listPath, label: t("discussions.back") }} />;
  if (discussion.isPending) return <LoadingScreen />;
  if (discussion.error) {
    return (
      <Stack gap="sm">
        {back}
        <ErrorState error={discussion.error} onRetry={() => void discussion.refetch()} />
      </Stack>
    );
  }

  const item = discussion.data;
  const creator = item.creator.data;
  const milestone = item.milestone.data;
  const { can_edit: canEdit, can_delete: canDelete } = item.abilities;

  return (
    <Stack gap="md">
      {back}
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              {item.meta.privacy === "1" && (
                <Tooltip label={t("discussions.private")}>
                  <IconLock size={18} aria-label={t("discussions.private")} role="img" style={{ flexShrink: 0 }} />
                </Tooltip>
              )}
              <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
                {item.title}
              </Title>
            </Group>
            {(canEdit || canDelete) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={t("discussions.actions")}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {canEdit && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                      {t("discussions.edit")}
                    </Menu.Item>
                  )}
                  {canDelete && (
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)}>
                      {t("discussions.delete")}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
          <Group gap="xs">
            <UserAvatar user={creator} size={24} />
            <Text size="sm" c="dimmed">
              {t("discussions.by", { name: creator.display_name, date: formatDateTime(item.created_at) })}
            </Text>
            {milestone && (
              <Badge variant="light" color="grape" size="sm" tt="none" leftSection={<IconFlag size={12} />}>
                {milestone.title}
              </Badge>
            )}
          </Group>
          <Divider />
          {item.description.html ? (
            <RichTextView html={item.description.html} />
          ) : (
            <Text size="sm" c="dimmed">
              {t("discussions.no_body")}
            </Text>
          )}
          {item.files.data.length > 0 && (
            <Stack gap="xs" component="section" aria-label={t("attachments.title")}>
              <AttachmentHeading title={t("attachments.title")} count={item.files.data.length} />
              <AttachmentList
                files={item.files.data}
                removing={update.isPending}
                onRemove={canEdit ? (file) => update.mutateAsync({ id: item.id, body: { files_to_delete: [file.id] } }) : undefined}
              />
            </Stack>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <CommentsPanel projectId={projectId} commentableType="discussion_board" commentableId={item.id} mentionUsers={mentionUsers} />
      </Card>
      {editing && <DiscussionFormModal projectId={projectId} discussion={item} mentionUsers={mentionUsers} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={confirming}
        title={t("discussions.delete_title")}
        message={t("discussions.delete_confirm", { title: item.title })}
        confirmLabel={t("discussions.delete")}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () => {
              setConfirming(false);
              navigate(listPath, { replace: true });
            },
          })
        }
      />
    </Stack>
  );
}
