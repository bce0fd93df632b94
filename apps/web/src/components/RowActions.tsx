import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";

/**
 * The edit and delete icons at the end of a row (a label, a page, a department), each with its tooltip as
 * its accessible name. Leave out a handler to leave out its icon.
 */
export function RowActions(props: { editLabel: string; deleteLabel: string; onEdit?: () => void; onDelete?: () => void }) {
  const { editLabel, deleteLabel, onEdit, onDelete } = props;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {onEdit && (
        <Tooltip label={editLabel}>
          <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label={editLabel}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label={deleteLabel}>
          <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={deleteLabel}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
