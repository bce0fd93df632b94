import { z } from "zod";
import { dateObjectSchema, paginationSchema } from "./envelope.js";
import { zInt } from "./primitives.js";

/**
 * Task labels: a project's list of coloured tags (`/api/pm-pro/v2/projects/{p}/settings/labels`) and the
 * labels a task carries (`task_labels` on task update, `labels` on every task).
 */

/** The colour the label form starts with. */
export const DEFAULT_LABEL_COLOR = "#00c2e0";

/** The documents' validation messages, word for word. */
export const LABEL_MESSAGES = {
  titleRequired: "Label name required!",
  colorRequired: "Label color required!",
  titleTooLong: "Label name must have at most 100 characters",
  colorFormat: "Label color must be a hex colour such as #00c2e0",
  descriptionTooLong: "Label description must have at most 2000 characters",
} as const;

/** Longest label name (the column is varchar(100)). */
export const LABEL_TITLE_MAX = 100;

/** A label's name: required, trimmed. */
export const zLabelTitle = z
  .string({ error: LABEL_MESSAGES.titleRequired })
  .trim()
  .min(1, { error: LABEL_MESSAGES.titleRequired, abort: true })
  .max(LABEL_TITLE_MAX, LABEL_MESSAGES.titleTooLong);

/** A label's colour: required, `#rgb`, `#rrggbb` or `#rrggbbaa`, stored lower-case. */
export const zLabelColor = z
  .string({ error: LABEL_MESSAGES.colorRequired })
  .trim()
  .min(1, { error: LABEL_MESSAGES.colorRequired, abort: true })
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, LABEL_MESSAGES.colorFormat)
  .transform((color) => color.toLowerCase());

const zLabelDescription = z.string().trim().max(2000, LABEL_MESSAGES.descriptionTooLong);

/** A label as a task carries it. */
export const taskLabelSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  color: z.string(),
});
export type TaskLabel = z.infer<typeof taskLabelSchema>;

/** What the caller may do with a label (project managers and site managers manage labels). */
export const labelAbilitiesSchema = z.object({ can_edit: z.boolean(), can_delete: z.boolean() });

/** A project's label as the settings calls show it. */
export const labelSchema = taskLabelSchema.extend({
  project_id: z.number().int(),
  created_by: z.number().int(),
  created_at: dateObjectSchema,
  updated_at: dateObjectSchema,
  abilities: labelAbilitiesSchema,
});
export type Label = z.infer<typeof labelSchema>;

/** `GET .../settings/labels`: every label of the project, by name; `meta.can_create` tells who may add one. */
export const labelListEnvelope = z.object({
  data: z.array(labelSchema),
  meta: z.object({ pagination: paginationSchema, can_create: z.boolean() }),
});

/** `POST .../settings/labels`. */
export const createLabelBody = z.object({
  title: zLabelTitle,
  description: zLabelDescription.default(""),
  color: zLabelColor,
});
export type CreateLabelBody = z.infer<typeof createLabelBody>;

/** `POST .../settings/labels/{label}`: only the fields given change; a given title or colour may not be empty. */
export const updateLabelBody = z.object({
  title: zLabelTitle.optional(),
  description: zLabelDescription.optional(),
  color: zLabelColor.optional(),
});
export type UpdateLabelBody = z.infer<typeof updateLabelBody>;

/** Most labels one task may carry. */
export const MAX_TASK_LABELS = 50;

/** `task_labels` on task update: label ids of the task's project; `[]` or `[0]` removes them all. */
export const zTaskLabelIds = z
  .array(zInt.min(0))
  .max(MAX_TASK_LABELS)
  .transform((ids) => [...new Set(ids.filter((id) => id > 0))]);
