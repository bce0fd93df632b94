import { z } from "zod";
import { dateObjectSchema, related, richTextSchema } from "./envelope.js";
import { CAPABILITIES, type Capability } from "./permissions.js";
import { zFlag, zId, zInt, zNameList, zTitle } from "./primitives.js";
import { userSchema } from "./users.js";

/** Project statuses, as the projects list filters them. */
export const PROJECT_STATUSES = ["incomplete", "complete", "pending", "archived"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** A member's role in a project: `{ id, title, slug }` as the host sent it. */
export const roleSchema = z.object({ id: z.number().int(), title: z.string(), slug: z.enum(["manager", "co_worker", "client"]) });

/** A project member: the user and their role. */
export const memberSchema = userSchema.extend({ roles: related(z.array(roleSchema)) });
export type Member = z.infer<typeof memberSchema>;

/** The ten capabilities for one role. */
export const capabilitySetSchema = z.object(Object.fromEntries(CAPABILITIES.map((cap) => [cap, z.boolean()])) as Record<Capability, z.ZodBoolean>);

/** What the caller may do with a project; the web app reads these instead of re-coding rules. */
export const projectAbilitiesSchema = z.object({
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  /** Project settings: site managers and the project's managers. */
  can_manage: z.boolean(),
  /** Duplicate the project: its managers (site managers included) who may also create projects. */
  duplicate: z.boolean(),
  create_list: z.boolean(),
  create_task: z.boolean(),
  create_milestone: z.boolean(),
  create_message: z.boolean(),
  create_file: z.boolean(),
  view_private_list: z.boolean(),
  view_private_task: z.boolean(),
  view_private_milestone: z.boolean(),
  view_private_message: z.boolean(),
  view_private_file: z.boolean(),
  /** The create forms' privacy boxes, one per kind of private record: may a new one be made private. */
  can_set_privacy_list: z.boolean(),
  can_set_privacy_task: z.boolean(),
  can_set_privacy_milestone: z.boolean(),
  can_set_privacy_message: z.boolean(),
  can_set_privacy_file: z.boolean(),
});
export type ProjectAbilities = z.infer<typeof projectAbilitiesSchema>;

/**
 * Counts shown on the overview, each respecting the caller's privacy view. Modules add their own
 * `total_*` counts (each module declares what it counts), so other numeric fields may come along.
 */
export const projectCountsSchema = z.object({
  total_task_lists: z.number().int(),
  total_tasks: z.number().int(),
  total_complete_tasks: z.number().int(),
  total_incomplete_tasks: z.number().int(),
  total_discussion_boards: z.number().int(),
  total_milestones: z.number().int(),
  total_comments: z.number().int(),
  total_files: z.number().int(),
  total_activities: z.number().int(),
}).catchall(z.number().int());
export type ProjectCounts = z.infer<typeof projectCountsSchema>;

/** A project as the API shows it. */
export const projectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: richTextSchema,
  status: z.enum(PROJECT_STATUSES),
  /** Hex colour of the project's card and badge. */
  color: z.string().nullable(),
  /** The workforce-management department chosen on the project form; 0 = none. */
  department_id: z.number().int(),
  favourite: z.boolean(),
  created_at: dateObjectSchema,
  updated_at: dateObjectSchema,
  creator: related(userSchema).optional(),
  assignees: related(z.array(memberSchema)),
  meta: related(projectCountsSchema).optional(),
  abilities: projectAbilitiesSchema,
});
export type Project = z.infer<typeof projectSchema>;

/** `GET /api/pm/v2/projects` query. */
export const listProjectsQuery = z.object({
  status: z.enum([...PROJECT_STATUSES, "favourite"]).optional(),
  title: z.string().trim().max(200).optional(),
  per_page: zInt.min(-1).max(500).default(10),
  page: zInt.min(1).default(1),
  with: zNameList,
});
export type ListProjectsQuery = z.infer<typeof listProjectsQuery>;

/** Extra totals of the projects list, one per tab. */
export const projectListMetaShape = {
  total_incomplete: z.number().int(),
  total_complete: z.number().int(),
  total_pending: z.number().int(),
  total_archived: z.number().int(),
  total_favourite: z.number().int(),
};

/** A member given on the project form. */
export const memberInput = z.object({ user_id: zId, role_id: zInt.min(1).max(3) });

/** `POST /api/pm/v2/projects`. */
export const createProjectBody = z.object({
  title: zTitle(200),
  description: z.string().max(100_000).optional(),
  status: z.enum(PROJECT_STATUSES).default("incomplete"),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/).nullable().optional(),
  assignees: z.array(memberInput).max(500).default([]),
  /** A department (workforce-management integration on): its people join as co-workers; 0 = none. */
  department_id: zInt.min(0).optional(),
});
export type CreateProjectBody = z.infer<typeof createProjectBody>;

/** `POST /api/pm/v2/projects/{id}/update`: only the fields given change; `assignees` replaces the members. */
export const updateProjectBody = createProjectBody.partial().extend({
  status: z.enum(PROJECT_STATUSES).optional(),
  // Without this the create form's default ([]) would fill in, and an update of the title alone would drop every member.
  assignees: z.array(memberInput).max(500).optional(),
});
export type UpdateProjectBody = z.infer<typeof updateProjectBody>;

/** `POST /api/pm/v2/projects/{id}/favourite`. */
export const favouriteBody = z.object({ favourite: zFlag.default(true) });

/** `GET /api/pm/v2/user-all-projects` item: just enough for pickers. */
export const projectSummarySchema = z.object({ id: z.number().int(), title: z.string(), status: z.enum(PROJECT_STATUSES) });
export type ProjectSummary = z.infer<typeof projectSummarySchema>;
