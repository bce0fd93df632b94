import { ActionIcon, Group, Text, TextInput, UnstyledButton } from "@mantine/core";
import type { Task } from "@plotline/contracts";
import { IconPencil } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The task's title, edited in place: click it (or its pencil), type, Enter or leaving the field saves,
 * Escape cancels without closing the modal around it.
 */
export function TaskTitleField({
  task,
  canEdit,
  startEditing = false,
  onSave,
}: {
  task: Task;
  canEdit: boolean;
  /** Opens in edit mode (the modal was opened with `e` on a task row). */
  startEditing?: boolean;
  onSave: (title: string) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(startEditing && canEdit ? task.title : null);
  // Escape unmounts the field; a blur that follows must not save what was cancelled.
  const cancelled = useRef(false);
  const start = () => {
    cancelled.current = false;
    setEditing(task.title);
  };

  if (editing !== null) {
    const commit = () => {
      if (cancelled.current) return;
      cancelled.current = true;
      const title = editing.trim();
      setEditing(null);
      if (title && title !== task.title) onSave(title);
    };
    return (
      <TextInput
        autoFocus
        data-autofocus
        value={editing}
        maxLength={255}
        aria-label={t("tasks.title_label")}
        error={editing.trim() === "" ? t("tasks.title_required") : undefined}
        onChange={(event) => setEditing(event.currentTarget.value)}
        onBlur={commit}
        // Mantine's modal skips Escape presses aimed at elements marked like this.
        data-mantine-stop-propagation="true"
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.nativeEvent.isComposing) {
            event.preventDefault();
            commit();
          }
          if (event.key === "Escape") {
            cancelled.current = true;
            setEditing(null);
          }
        }}
        styles={{ input: { fontSize: "var(--mantine-font-size-lg)", fontWeight: 600 } }}
        w="100%"
      />
    );
  }

  const text = (
    <Text fw={600} size="lg" td={task.status === 1 ? "line-through" : undefined} style={{ overflowWrap: "anywhere" }}>
      {task.title}
    </Text>
  );
  if (!canEdit) return text;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <UnstyledButton onClick={start} aria-label={t("tasks.edit_title", { title: task.title })} style={{ minWidth: 0 }}>
        {text}
      </UnstyledButton>
      <ActionIcon variant="subtle" color="gray" size="sm" mt={4} onClick={start} aria-hidden tabIndex={-1}>
        <IconPencil size={14} />
      </ActionIcon>
    </Group>
  );
}
