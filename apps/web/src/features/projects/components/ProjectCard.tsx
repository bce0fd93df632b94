import { ActionIcon, Anchor, Avatar, Badge, Box, Card, Group, Menu, Progress, Stack, Text, Tooltip } from "@mantine/core";
import { routePath, type Project } from "@plotline/contracts";
import { IconDots, IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { htmlToText } from "../../../lib/html-text.js";
import { progressPercent, STATUS_COLORS } from "../lib/project-status.js";
import { FavouriteButton } from "./FavouriteButton.js";

const SHOWN_MEMBERS = 5;

/** A project on the projects list: title, excerpt, progress, members and the favourite star. */
export function ProjectCard({ project, onEdit, onDelete }: { project: Project; onEdit: (project: Project) => void; onDelete: (project: Project) => void }) {
  const { t } = useTranslation();
  const counts = project.meta?.data;
  const done = counts?.total_complete_tasks ?? 0;
  const total = counts?.total_tasks ?? 0;
  const percent = progressPercent(done, total);
  const excerpt = htmlToText(project.description.html);
  const members = project.assignees.data;
  const hidden = members.length - SHOWN_MEMBERS;
  const { can_edit: canEdit, can_delete: canDelete } = project.abilities;

  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="project-card" style={{ borderTop: `4px solid ${project.color ?? "var(--mantine-color-default-border)"}` }}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Box style={{ minWidth: 0 }}>
            <Anchor component={Link} to={routePath("pm_overview", { project_id: project.id })} fw={600} size="lg" c="inherit" style={{ overflowWrap: "anywhere" }}>
              {project.title}
            </Anchor>
            <Group gap={6} mt={2}>
              <Badge size="xs" variant="light" color={STATUS_COLORS[project.status]}>
                {t(`projects.status.${project.status}`)}
              </Badge>
            </Group>
          </Box>
          <Group gap={0} wrap="nowrap">
            <FavouriteButton project={project} size="md" />
            {(canEdit || canDelete) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`${t("projects.actions")}: ${project.title}`}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {canEdit && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(project)}>
                      {t("projects.edit")}
                    </Menu.Item>
                  )}
                  {canDelete && (
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(project)}>
                      {t("projects.delete")}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} style={{ flexGrow: 1 }}>
          {excerpt || t("projects.no_description")}
        </Text>
        <Stack gap={4}>
          <Progress value={percent} size="sm" aria-label={t("projects.progress_label", { title: project.title })} color={percent === 100 ? "green" : "blue"} />
          <Text size="xs" c="dimmed">
            {total > 0 ? t("projects.progress", { done, total }) : t("projects.no_tasks")}
          </Text>
        </Stack>
        <Tooltip.Group openDelay={200} closeDelay={100}>
          <Avatar.Group spacing={6} aria-label={t("projects.members")}>
            {members.slice(0, SHOWN_MEMBERS).map((member) => (
              <Tooltip key={member.id} label={member.display_name} withArrow>
                <UserAvatar user={member} size={28} />
              </Tooltip>
            ))}
            {hidden > 0 && (
              <Tooltip label={t("projects.more_members", { count: hidden })} withArrow>
                <Avatar size={28} radius="xl" aria-label={t("projects.more_members", { count: hidden })}>
                  +{hidden}
                </Avatar>
              </Tooltip>
            )}
          </Avatar.Group>
        </Tooltip.Group>
      </Stack>
    </Card>
  );
}
