import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { UNDO_TOAST_MS } from "@plotline/contracts";
import i18next from "i18next";
import { isTypingTarget } from "../features/shortcuts/lib/key-events.js";
import { notifyError, toastPosition } from "./notify.js";

/** What an undo toast offers: the text saying what happened and the call that takes it back. */
export interface Undoable {
  /** "Task completed", "3 tasks deleted". */
  message: string;
  /** Takes the change back; a failure is toasted and the toast closes either way. */
  undo: () => Promise<unknown>;
}

/** The undo toasts on screen, newest last: Ctrl+Z (⌘Z) takes back the newest one. */
const open: Array<{ id: string; undo: () => void }> = [];

function forget(id: string): void {
  const index = open.findIndex((entry) => entry.id === id);
  if (index >= 0) open.splice(index, 1);
}

/**
 * Shows what just happened with an Undo button for 8 seconds. Undo runs once, however it is asked for
 * (the button, Ctrl+Z outside a field), and the toast then says the change was taken back.
 */
export function showUndoToast({ message, undo }: Undoable): void {
  let done = false;
  const id = `undo-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const run = () => {
    if (done) return;
    done = true;
    forget(id);
    notifications.update({ id, message: i18next.t("undo.undoing"), loading: true, autoClose: false, withCloseButton: false });
    undo().then(
      () => notifications.update({ id, message: i18next.t("undo.done"), loading: false, color: "green", autoClose: 3000, withCloseButton: true }),
      (error: unknown) => {
        notifications.hide(id);
        notifyError(error);
      },
    );
  };
  notifications.show({
    id,
    autoClose: UNDO_TOAST_MS,
    position: toastPosition(),
    closeButtonProps: { "aria-label": i18next.t("common.close") },
    onClose: () => forget(id),
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="light" onClick={run} aria-keyshortcuts="Control+Z Meta+Z">
          {i18next.t("undo.action")}
        </Button>
      </Group>
    ),
  });
  open.push({ id, undo: run });
}

/** Whether a key press is Ctrl+Z (⌘Z on a Mac) without Shift, which redoes. */
function isUndoPress(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === "z";
}

/**
 * Listens for Ctrl+Z (⌘Z) outside text fields while an undo toast shows; in a field the keys keep undoing
 * typing. Returns the function that stops listening.
 */
export function listenForUndoKeys(): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isUndoPress(event) || open.length === 0) return;
    if (isTypingTarget(event.target instanceof Element ? event.target : null)) return;
    event.preventDefault();
    open[open.length - 1]?.undo();
  };
  document.addEventListener("keydown", onKeyDown);
  return () => document.removeEventListener("keydown", onKeyDown);
}
