import { z } from "zod";
import { dateObjectSchema, related } from "./envelope.js";
import { zDateString, zId, zInt, zNameList } from "./primitives.js";
import { userSchema } from "./users.js";

/** An activity: who did what to which record, with a readable sentence. */
export const activitySchema = z.object({
  id: z.number().int(),
  /** "Ana created the task Homepage copy". */
  message: z.string(),
  action: z.string(),
  action_type: z.enum(["create", "update", "delete", "complete", "incomplete", "archive", "restore", "move", "duplicate"]),
  resource_type: z.string(),
  resource_id: z.number().int().nullable(),
  project_id: z.number().int(),
  meta: z.record(z.string(), z.unknown()),
  committed_at: dateObjectSchema,
  actor: related(userSchema).optional(),
  project: related(z.object({ id: z.number().int(), title: z.string() })).optional(),
});
export type Activity = z.infer<typeof activitySchema>;

/** `GET /api/pm/v2/activities` and `GET /api/pm/v2/projects/{p}/activities` query. */
export const listActivitiesQuery = z.object({
  user_id: zId.optional(),
  /** `GET pm/v2/activities` only: one project's entries (the user-activities report); a project the caller is not in gives none. */
  project_id: zId.optional(),
  updated_at_start: zDateString.optional(),
  updated_at: zDateString.optional(),
  /** One record's history (the single-task modal's activity): `resource_type=task&resource_id=12`. */
  resource_type: z.string().max(40).optional(),
  resource_id: zId.optional(),
  with: zNameList,
  page: zInt.min(1).default(1),
  per_page: zInt.min(1).max(200).default(20),
  /** `created_at ASC` (the documents' form), `committed_at:asc` or `desc`; newest first by default. */
  orderby: z.string().max(40).optional(),
});
export type ListActivitiesQuery = z.infer<typeof listActivitiesQuery>;

/** Activities a page of the Progress feed holds, as the documents fix it. */
export const PROGRESS_PER_PAGE = 20;

/** `GET /api/pm-pro/v2/progress` query. */
export const progressQuery = z.object({
  page: zInt.min(1).default(1),
  per_page: zInt.min(1).max(100).default(PROGRESS_PER_PAGE),
});
export type ProgressQuery = z.infer<typeof progressQuery>;

/**
 * One day of the Progress feed: the page's activities committed that day (site time zone), newest first.
 * A day cut by a page break comes back on the next page with the same `id`, so pages merge by it.
 */
export const progressDaySchema = z.object({
  /** The day as a number, YYYYMMDD: the same on every page that holds part of the day. */
  id: z.number().int(),
  /** YYYY-MM-DD; the web shows it as MMM DD YYYY. */
  date: zDateString,
  activities: z.array(activitySchema),
});
export type ProgressDay = z.infer<typeof progressDaySchema>;
