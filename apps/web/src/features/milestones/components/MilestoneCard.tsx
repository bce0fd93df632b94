import { ActionIcon, Anchor, Badge, Checkbox, Group, Menu, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { dateOf, routePath, type Milestone } from "@plotline/contracts";
import { IconDots, IconLock, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RichTextView } from "../../../components/RichTextView.js";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { formatDate } from "../../../lib/dates.js";
import { useDeleteMilestone, useUpdateMilestone } from "../hooks/use-milestones.js";
import type { MilestoneGroup } from "../lib/group-milestones.js";

const GROUP_COLORS: Record<MilestoneGroup, string> = { late: "red", upcoming: "blue", completed: "green" };

/** One milestone: complete toggle, title (to its own page), date, description, counts; edit and delete per its abilities. */
export function MilestoneCard({
  projectId,
  milestone,
  group,
  onEdit,
}: {
  projectId: number;
  milestone: Milestone;
  group: MilestoneGroup;
  onEdit: (milestone: Milestone) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateMilestone(projectId);
  const remove = useDeleteMilestone(projectId);
  const isComplete = milestone.status === 1;
  const isPrivate = milestone.meta.privacy === "1";
  const { can_edit: canEdit, can_delete: canDelete } = milestone.abilities;
  const lists = milestone.meta.total_task_list;
  const discussions = milestone.meta.total_discussion_boards;

  return (
    <Paper withBorder radius="md" p="sm" style={{ borderLeft: `4px solid var(--mantine-color-${GROUP_COLORS[group]}-5)` }} data-testid="milestone">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox
          mt={2}
          checked={isComplete}
          disabled={!canEdit || update.isPending}
          aria-label={isComplete ? t("milestones.reopen", { title: milestone.title }) : t("milestones.complete", { title: milestone.title })}
          onChange={() => update.mutate({ id: milestone.id, body: { status: isComplete ? 0 : 1 } })}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              {isPrivate && (
                <Tooltip label={t("milestones.private")}>
                  <IconLock size={16} aria-label={t("milestones.private")} role="img" style={{ flexShrink: 0 }} />
                </Tooltip>
              )}
              <Anchor
                component={Link}
                to={routePath("single_milestone", { project_id: projectId, milestone_id: milestone.id })}
                fw={600}
                c="var(--mantine-color-text)"
                td={isComplete ? "line-through" : undefined}
                style={{ overflowWrap: "anywhere" }}
              >
                {milestone.title}
              </Anchor>
            </Group>
            {(canEdit || canDelete) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`${t("milestones.actions")}: ${milestone.title}`}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {canEdit && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(milestone)}>
                      {t("milestones.edit")}
                    </Menu.Item>
                  )}
                  {canDelete && (
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)}>
                      {t("milestones.delete")}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
          <Group gap="xs">
            <Badge variant="light" color={GROUP_COLORS[group]} size="sm" tt="none">
              {dateOf(milestone.achieve_date) ? t("milestones.due", { date: formatDate(milestone.achieve_date) }) : t("milestones.no_date")}
            </Badge>
            {lists > 0 && (
              <Text size="xs" c="dimmed">
                {t("milestones.lists_count", { count: lists })}
              </Text>
            )}
            {discussions > 0 && (
              <Text size="xs" c="dimmed">
                {t("milestones.discussions_count", { count: discussions })}
              </Text>
            )}
          </Group>
          {milestone.description.html && (
            <Text component="div" size="sm" c="dimmed">
              <RichTextView html={milestone.description.html} />
            </Text>
          )}
        </Stack>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t("milestones.delete_title")}
        message={t("milestones.delete_confirm", { title: milestone.title })}
        confirmLabel={t("milestones.delete")}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(milestone.id, { onSuccess: () => setConfirming(false) })}
      />
    </Paper>
  );
}
