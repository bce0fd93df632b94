import { ActionIcon, Badge, Box, Group, Menu, Title } from "@mantine/core";
import { routePath, type Project } from "@plotline/contracts";
import { IconDots, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useDeleteProject } from "../hooks/use-projects.js";
import { STATUS_COLORS } from "../lib/project-status.js";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { FavouriteButton } from "./FavouriteButton.js";
import { ProjectFormModal } from "./ProjectFormModal.js";

/** The project's title, status and favourite star, with edit and delete for those allowed. */
export function ProjectHeader({ project }: { project: Project }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteProject();
  const { can_edit: canEdit, can_delete: canDelete } = project.abilities;

  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
        {project.color && <Box w={12} h={12} bg={project.color} style={{ borderRadius: "50%", flexShrink: 0 }} aria-hidden />}
        <Title order={1} size="h3" style={{ overflowWrap: "anywhere" }}>
          {project.title}
        </Title>
        <Badge variant="light" color={STATUS_COLORS[project.status]}>
          {t(`projects.status.${project.status}`)}
        </Badge>
      </Group>
      <Group gap={4} wrap="nowrap">
        <FavouriteButton project={project} />
        {(canEdit || canDelete) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("projects.actions")}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {canEdit && (
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                  {t("projects.edit")}
                </Menu.Item>
              )}
              {canDelete && (
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)}>
                  {t("projects.delete")}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {editing && <ProjectFormModal project={project} opened onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={confirming}
        title={t("projects.delete_title")}
        message={t("projects.delete_confirm", { title: project.title })}
        confirmLabel={t("projects.delete")}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(project.id, {
            onSuccess: () => {
              setConfirming(false);
              navigate(routePath("project_lists"), { replace: true });
            },
          })
        }
      />
    </Group>
  );
}
