import { ApiError } from "../api/client.js";
import { notifyError } from "./notify.js";

/**
 * Splits an API error for a form: messages about its own fields go next to them, the rest are returned
 * to be toasted.
 */
export function fieldErrors(error: unknown, fields: readonly string[]): { byField: Record<string, string>; others: unknown } {
  if (!(error instanceof ApiError)) return { byField: {}, others: error };
  const byField: Record<string, string> = {};
  for (const field of fields) {
    const message = error.params[field]?.[0];
    if (message) byField[field] = message;
  }
  return { byField, others: Object.keys(byField).length > 0 ? null : error };
}

/**
 * Shows an API error on a form: the messages about its fields next to them, anything else as a toast.
 */
export function showFormErrors(form: { setErrors: (errors: Record<string, string>) => void }, error: unknown, fields: readonly string[]): void {
  const { byField, others } = fieldErrors(error, fields);
  form.setErrors(byField);
  if (others) notifyError(others);
}
