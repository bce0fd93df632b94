import type { z } from "zod";

/**
 * Turns a contracts schema into a Mantine form validator, so a form checks exactly what the server will:
 * the first message of each field.
 */
export function validateWith<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join(".");
      errors[field] ??= issue.message;
    }
    return errors;
  };
}
