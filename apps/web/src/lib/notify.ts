import { notifications, type NotificationData } from "@mantine/notifications";
import i18next from "i18next";
import { ApiError } from "../api/client.js";

/** Where a toast sits on the screen. */
type ToastPosition = NonNullable<NotificationData["position"]>;

/** The toast's close button has only an icon; this gives it a name people and tests can find. */
const closeButtonProps = () => ({ "aria-label": i18next.t("common.close") });

const SUCCESS_CLOSE_MS = 4000;
const ERROR_CLOSE_MS = 6000;

/** The toasts on screen by their text, so that the same message again raises a count instead of a pile. */
const showing = new Map<string, { id: string; count: number }>();

/**
 * Where a new toast goes: away from the field being typed in. A field in the lower half of the window (a
 * quick-add at the foot of a list, a comment box) sends it to the top, any other place to the bottom,
 * so the toast never lands on the text one is writing, on a desk or on a phone. While tasks are selected,
 * their action bar holds the foot of the window and toasts go to the top.
 */
export function toastPosition(): ToastPosition {
  // The bar of actions on selected tasks holds the foot of the window.
  if (document.querySelector("[data-bulk-bar]")) return "top-right";
  const active = document.activeElement;
  const isTyping = active instanceof HTMLElement && (active.matches("input, textarea, select") || active.isContentEditable);
  if (!isTyping) return "bottom-right";
  const rect = active.getBoundingClientRect();
  return rect.top + rect.height / 2 > window.innerHeight / 2 ? "top-right" : "bottom-right";
}

/** The text of a toast shown `count` times in a row. */
export function countedMessage(message: string, count: number): string {
  return count > 1 ? i18next.t("toasts.repeated", { message, count }) : message;
}

function show(message: string, color: "green" | "red" | "yellow", autoClose: number): void {
  const current = showing.get(message);
  if (current) {
    current.count += 1;
    notifications.update({
      id: current.id,
      color,
      message: countedMessage(message, current.count),
      // Mantine restarts the close timer when its duration changes; a millisecond more gives the
      // repeated message its full time on screen again.
      autoClose: autoClose + (current.count % 2),
    });
    return;
  }
  const id = notifications.show({
    color,
    message,
    autoClose,
    position: toastPosition(),
    closeButtonProps: closeButtonProps(),
    onClose: () => showing.delete(message),
  });
  showing.set(message, { id, count: 1 });
}

/** Shows each of an error's messages as its own error toast, as the documents ask; repeats add a count. */
export function notifyError(error: unknown): void {
  const messages = error instanceof ApiError ? error.messages : [error instanceof Error ? error.message : String(error)];
  for (const message of messages) show(message, "red", ERROR_CLOSE_MS);
}

/** Shows a server's success message; the same message again while it shows raises its count ("×3"). */
export function notifySuccess(message: string): void {
  show(message, "green", SUCCESS_CLOSE_MS);
}

/** A warning the server sent with a change that went through (a column past its WIP limit); it closes by itself. */
export function notifyWarning(message: string): void {
  show(message, "yellow", ERROR_CLOSE_MS);
}

/**
 * A warning that stays until its close button is pressed: no time-out, and a tap on its text does not
 * dismiss it, so it cannot slip by unread (the timer's warnings, as the documents ask).
 */
export function notifySticky(message: string, title?: string): void {
  if (showing.has(message)) return;
  const id = notifications.show({
    color: "yellow",
    title,
    message,
    autoClose: false,
    withCloseButton: true,
    position: toastPosition(),
    closeButtonProps: closeButtonProps(),
    onClose: () => showing.delete(message),
  });
  showing.set(message, { id, count: 1 });
}
