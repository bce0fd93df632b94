import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * Asked before a card goes into a column already at or past its WIP limit: "This column's limit is N. Add
 * anyway?". Focus starts on Cancel, so Enter does not pass the limit by accident. `limit` null: closed.
 */
export function WipQuestion({ limit, onAnswer }: { limit: number | null; onAnswer: (yes: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={limit !== null} onClose={() => onAnswer(false)} title={t("kanboard.wip_question_title")} centered size="sm">
      <Text size="sm">{t("kanboard.wip_question", { limit: limit ?? 0 })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => onAnswer(false)} data-autofocus>
          {t("common.cancel")}
        </Button>
        <Button color="yellow" autoContrast onClick={() => onAnswer(true)}>
          {t("kanboard.wip_add_anyway")}
        </Button>
      </Group>
    </Modal>
  );
}
