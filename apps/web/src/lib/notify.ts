import { notifications } from "@mantine/notifications";
import i18next from "i18next";
import { ApiError } from "../api/client.js";

/** The toast's close button has only an icon; this gives it a name people and tests can find. */
const closeButtonProps = () => ({ "aria-label": i18next.t("common.close") });

/** Shows each of an error's messages as its own error toast, as the documents ask. */
export function notifyError(error: unknown): void {
  const messages = error instanceof ApiError ? error.messages : [error instanceof Error ? error.message : String(error)];
  for (const message of messages) notifications.show({ color: "red", message, autoClose: 6000, closeButtonProps: closeButtonProps() });
}

/** Shows a server's success message. */
export function notifySuccess(message: string): void {
  notifications.show({ color: "green", message, closeButtonProps: closeButtonProps() });
}
