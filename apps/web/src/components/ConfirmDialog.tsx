import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * Asks before something is deleted. Focus starts on Cancel, so Enter never deletes by accident; the
 * dialog stays open while the deletion runs and closes when the caller says so.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  loading = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t("common.cancel")}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
