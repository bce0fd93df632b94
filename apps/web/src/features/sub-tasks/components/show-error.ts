import { notifyError } from "../../../lib/notify.js";
import { subTaskErrorDisplay } from "../lib/sub-task-errors.js";

/**
 * Shows a failed sub-task create or update as the spec asks: returns the messages that go under the form's
 * `shownFields`, and toasts the rest.
 */
export function showSubTaskError(error: unknown, shownFields: readonly string[]): Record<string, string> {
  const { byField, toasts } = subTaskErrorDisplay(error, shownFields);
  for (const message of toasts) notifyError(new Error(message));
  return byField;
}
