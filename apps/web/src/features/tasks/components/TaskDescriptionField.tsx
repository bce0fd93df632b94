import { Button, Group, Stack, Text, Title } from "@mantine/core";
import type { Task } from "@plotline/contracts";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useReportDirty } from "../../../components/DiscardGuard.js";
import { useTranslation } from "react-i18next";
import { RichTextEditor } from "../../../components/LazyRichTextEditor.js";
import { RichTextView, type MentionUser } from "../../../components/RichTextView.js";

/** The task's rich-text description: shown as formatted text, edited in the rich-text editor on demand. */
export function TaskDescriptionField({
  task,
  canEdit,
  mentionUsers,
  saving,
  onSave,
}: {
  task: Task;
  canEdit: boolean;
  mentionUsers: readonly MentionUser[];
  saving: boolean;
  onSave: (html: string, done: () => void) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const html = task.description.html;
  useReportDirty(draft !== null && draft !== html);

  return (
    <Stack gap="xs" component="section" aria-labelledby="task-description-title">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h6" id="task-description-title">
          {t("tasks.description")}
        </Title>
        {canEdit && draft === null && (
          <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={() => setDraft(task.description.content || html)}>
            {html ? t("tasks.edit_description") : t("tasks.add_description")}
          </Button>
        )}
      </Group>
      {draft === null ? (
        html ? (
          <RichTextView html={html} />
        ) : (
          <Text size="sm" c="dimmed">
            {t("tasks.no_description")}
          </Text>
        )
      ) : (
        <>
          <RichTextEditor value={draft} onChange={setDraft} placeholder={t("tasks.description_placeholder")} mentionUsers={mentionUsers} minHeight={140} ariaLabel={t("tasks.description")} />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setDraft(null)}>
              {t("common.cancel")}
            </Button>
            <Button size="xs" loading={saving} onClick={() => onSave(draft, () => setDraft(null))}>
              {t("tasks.save")}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
