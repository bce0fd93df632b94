import { Anchor, Badge, Button, Card, Group, Pagination, Stack, Text, Title, Tooltip } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconFlag, IconLock, IconMessage, IconMessages, IconPaperclip, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { useProject } from "../../projects/hooks/use-projects.js";
import { formatDateTime } from "../../../lib/dates.js";
import { htmlToText } from "../../../lib/html-text.js";
import { useDiscussions } from "../hooks/use-discussions.js";
import { DiscussionFormModal } from "./DiscussionFormModal.js";

/** A project's discussions, a page at a time, with the form to start one. */
export function DiscussionList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: project } = useProject(projectId);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const discussions = useDiscussions(projectId, page);
  const canCreate = project?.abilities.create_message ?? false;
  const mentionUsers = project?.assignees.data ?? [];

  const newButton = canCreate && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      {t("discussions.new")}
    </Button>
  );

  let body;
  if (discussions.isPending) body = <LoadingScreen />;
  else if (discussions.error) body = <ErrorState error={discussions.error} onRetry={() => void discussions.refetch()} />;
  else if (discussions.data.data.length === 0) {
    body = (
      <Card withBorder radius="md">
        <EmptyState icon={<IconMessages />} title={t("discussions.empty_title")} body={t("discussions.empty_body")} action={newButton || undefined} />
      </Card>
    );
  } else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {discussions.data.data.map((discussion) => {
          const excerpt = htmlToText(discussion.description.html);
          const creator = discussion.creator.data;
          const milestone = discussion.milestone.data;
          return (
            <Card key={discussion.id} component="li" withBorder radius="md" padding="sm" data-testid="discussion">
              <Group align="flex-start" wrap="nowrap" gap="sm">
                <UserAvatar user={creator} size={36} />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    {discussion.meta.privacy === "1" && (
                      <Tooltip label={t("discussions.private")}>
                        <IconLock size={16} aria-label={t("discussions.private")} role="img" style={{ flexShrink: 0 }} />
                      </Tooltip>
                    )}
                    <Anchor
                      component={Link}
                      to={routePath("individual_discussions", { project_id: projectId, discussion_id: discussion.id })}
                      fw={600}
                      c="inherit"
                      style={{ overflowWrap: "anywhere" }}
                    >
                      {discussion.title}
                    </Anchor>
                  </Group>
                  {excerpt && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {excerpt}
                    </Text>
                  )}
                  <Group gap="xs">
                    <Text size="xs" c="dimmed">
                      {t("discussions.by", { name: creator.display_name, date: formatDateTime(discussion.created_at) })}
                    </Text>
                    <Badge variant="light" color="gray" size="sm" tt="none" leftSection={<IconMessage size={12} />}>
                      {t("discussions.comments_count", { count: discussion.meta.total_comments })}
                    </Badge>
                    {discussion.meta.total_files > 0 && (
                      <Badge variant="light" color="gray" size="sm" tt="none" leftSection={<IconPaperclip size={12} />}>
                        {t("attachments.count", { count: discussion.meta.total_files })}
                      </Badge>
                    )}
                    {milestone && (
                      <Badge variant="light" color="grape" size="sm" tt="none" leftSection={<IconFlag size={12} />}>
                        {milestone.title}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Group>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t("discussions.title")}
        </Title>
        {discussions.data && discussions.data.data.length > 0 && newButton}
      </Group>
      {body}
      {discussions.data && discussions.data.meta.pagination.total_pages > 1 && (
        <Group justify="center">
          <Pagination total={discussions.data.meta.pagination.total_pages} value={page} onChange={setPage} />
        </Group>
      )}
      {creating && (
        <DiscussionFormModal
          projectId={projectId}
          discussion={null}
          mentionUsers={mentionUsers}
          onClose={() => setCreating(false)}
          onCreated={(created) => navigate(routePath("individual_discussions", { project_id: projectId, discussion_id: created.id }))}
        />
      )}
    </Stack>
  );
}
