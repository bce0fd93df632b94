import { ActionIcon, Badge, Box, Group, Menu, Title } from "@mantine/core";
import { routePath, type Project } from "@plotline/contracts";
import { IconCopy, IconDots, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useDuplicateProject } from "../../duplication/hooks/use-duplication.js";
import { useDeleteProject } from "../hooks/use-projects.js";
import { STATUS_COLORS } from "../lib/project-status.js";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { ProjectSearchBox } from "../../search/components/ProjectSearchBox.js";
import { FavouriteButton } from "./FavouriteButton.js";
import { ProjectFormModal } from "./ProjectFormModal.js";

/** The project's title, status and favourite star, with edit, duplicate and delete for those allowed. */
export function ProjectHeader({ project }: { project: Project }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteProject();
  const duplicate = useDuplicateProject();
  const { can_edit: canEdit, can_delete: canDelete, duplicate: canDuplicate } = project.abilities;
  const duplicateProject = () => {
    // The actions button is disabled while a copy is made; this also stops a second click racing it.
    if (duplicate.isPending) return;
    duplicate.mutate(project.id, { onSuccess: (answer) => navigate(routePath("pm_overview", { project_id: answer.data.id })) });
  };

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
        <ProjectSearchBox projectId={project.id} visibleFrom="sm" />
        <FavouriteButton project={project} />
        {(canEdit || canDelete || canDuplicate) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                loading={duplicate.isPending}
                aria-busy={duplicate.isPending}
                aria-label={duplicate.isPending ? t("duplication.project_busy", { title: project.title }) : t("projects.actions")}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {canEdit && (
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                  {t("projects.edit")}
                </Menu.Item>
              )}
              {canDuplicate && (
                <Menu.Item leftSection={<IconCopy size={14} />} onClick={duplicateProject} disabled={duplicate.isPending}>
                  {t("duplication.duplicate")}
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
