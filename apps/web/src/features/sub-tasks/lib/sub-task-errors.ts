import { ApiError } from "../../../api/client.js";

/** How a failed sub-task create or update is shown: messages under their fields, and toasts. */
export interface SubTaskErrorDisplay {
  /** The first message of each field the form shows, by field. */
  byField: Record<string, string>;
  /** Messages to toast, one toast each. */
  toasts: string[];
}

/**
 * The spec's rule for sub-task create and update: a 400 shows the first message of each field of
 * `data.params` under its field; any other failure shows the message list. A field the form has no place
 * for (`shownFields` leaves it out) has its first message toasted, so no message is lost.
 */
export function subTaskErrorDisplay(error: unknown, shownFields: readonly string[]): SubTaskErrorDisplay {
  if (!(error instanceof ApiError)) return { byField: {}, toasts: [error instanceof Error ? error.message : String(error)] };
  const fields = Object.entries(error.params).filter(([, messages]) => messages.length > 0);
  if (error.status !== 400 || fields.length === 0) return { byField: {}, toasts: error.messages };
  const byField: Record<string, string> = {};
  const toasts: string[] = [];
  for (const [field, [first]] of fields) {
    if (first === undefined) continue;
    if (shownFields.includes(field)) byField[field] = first;
    else toasts.push(first);
  }
  return { byField, toasts };
}
