import { ActionIcon, Menu } from "@mantine/core";
import type { KanboardColumn } from "@plotline/contracts";
import { IconCircleCheck, IconCircleDashed, IconDots, IconGauge, IconPalette, IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useUpdateColumn } from "../hooks/use-kanboard.js";
import type { ColumnField } from "./ColumnFormModal.js";

/**
 * A column's actions for those who may change it: rename, colour and WIP limit (each opens the column's
 * form at that field), whether it completes its tasks (switched at once), and delete (asked first).
 */
export function ColumnMenu({
  projectId,
  column,
  onEdit,
  onDelete,
}: {
  projectId: number;
  column: KanboardColumn;
  onEdit: (column: KanboardColumn, field: ColumnField) => void;
  onDelete: (column: KanboardColumn) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateColumn(projectId);
  const { can_edit: canEdit, can_delete: canDelete } = column.abilities;
  if (!canEdit && !canDelete) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t("kanboard.column_menu", { title: column.title })}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canEdit && (
          <>
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(column, "title")}>
              {t("kanboard.rename")}
            </Menu.Item>
            <Menu.Item leftSection={<IconPalette size={14} />} onClick={() => onEdit(column, "color")}>
              {t("kanboard.colour")}
            </Menu.Item>
            <Menu.Item leftSection={<IconGauge size={14} />} onClick={() => onEdit(column, "wip_limit")}>
              {t("kanboard.limit")}
            </Menu.Item>
            <Menu.Item
              role="menuitemcheckbox"
              aria-checked={column.is_done}
              leftSection={column.is_done ? <IconCircleCheck size={14} color="var(--plotline-color-success)" /> : <IconCircleDashed size={14} />}
              onClick={() => update.mutate({ id: column.id, body: { is_done: !column.is_done } })}
            >
              {t("kanboard.mark_done")}
            </Menu.Item>
          </>
        )}
        {canDelete && (
          <>
            {canEdit && <Menu.Divider />}
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(column)}>
              {t("kanboard.delete")}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
