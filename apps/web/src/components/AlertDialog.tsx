import { Button, Group, Modal } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The app's own alert: a message the user must acknowledge, in a dialog that keeps the page's look, takes
 * focus on OK and closes with Esc, instead of the browser's `window.alert`, which blocks the whole tab.
 * Render `alertDialog` once in the component and call `showAlert(message)`.
 */
export function useAlertDialog(): { showAlert: (message: string) => void; alertDialog: ReactNode } {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const close = () => setMessage(null);
  const alertDialog = (
    // The message is the dialog's title, so screen readers announce it as the dialog's name.
    <Modal opened={message !== null} onClose={close} title={message} withCloseButton={false} centered size="sm">
      <Group justify="flex-end">
        <Button onClick={close} data-autofocus>
          {t("common.ok")}
        </Button>
      </Group>
    </Modal>
  );
  return { showAlert: setMessage, alertDialog };
}
