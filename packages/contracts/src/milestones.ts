import { z } from "zod";
import { dateObjectSchema, optionalDateObjectSchema, related, richTextSchema } from "./envelope.js";
import { zDateString, zFlag, zInt, zTitle } from "./primitives.js";
import { privacyMetaSchema } from "./tasks.js";
import { userSchema } from "./users.js";

/** Milestone status: 0 incomplete, 1 complete. The words are accepted on input too. */
export const zMilestoneStatus = z
  .union([z.literal("incomplete"), z.literal("complete"), zInt.min(0).max(1)])
  .transform((value) => (value === "complete" ? 1 : value === "incomplete" ? 0 : value));

/** A milestone as the API shows it. */
export const milestoneSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: richTextSchema,
  achieve_date: optionalDateObjectSchema,
  status: z.number().int(),
  order: z.number().int(),
  project_id: z.number().int(),
  created_at: dateObjectSchema,
  creator: related(userSchema),
  task_lists: related(z.array(z.object({ id: z.number().int(), title: z.string() }))),
  discussion_boards: related(z.array(z.object({ id: z.number().int(), title: z.string() }))),
  meta: z.object({ privacy: privacyMetaSchema, total_task_list: z.number().int(), total_discussion_boards: z.number().int() }),
  abilities: z.object({
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    /** Show the privacy box in its edit form: an editor who holds view_private_milestone. */
    can_set_privacy: z.boolean(),
  }),
});
export type Milestone = z.infer<typeof milestoneSchema>;

/** `POST .../milestones`. */
export const createMilestoneBody = z.object({
  title: zTitle(255),
  description: z.string().max(100_000).optional(),
  achieve_date: zDateString.nullable().optional(),
  status: zMilestoneStatus.default(0),
  privacy: zFlag.default(false),
  order: zInt.min(0).optional(),
});
export type CreateMilestoneBody = z.infer<typeof createMilestoneBody>;

/** `POST .../milestones/{id}/update`: only the fields given change. */
export const updateMilestoneBody = z.object({
  title: zTitle(255).optional(),
  description: z.string().max(100_000).optional(),
  achieve_date: zDateString.nullable().optional(),
  status: zMilestoneStatus.optional(),
  privacy: zFlag.optional(),
  order: zInt.min(0).optional(),
});
export type UpdateMilestoneBody = z.infer<typeof updateMilestoneBody>;

/** `GET .../milestones` query: every milestone by default; `status` narrows (the milestone report asks for 0). */
export const listMilestonesQuery = z.object({
  status: zMilestoneStatus.optional(),
  per_page: zInt.min(-1).max(500).default(-1),
  page: zInt.min(1).default(1),
});
export type ListMilestonesQuery = z.infer<typeof listMilestonesQuery>;
