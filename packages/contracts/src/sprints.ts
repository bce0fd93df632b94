import { z } from "zod";
import { dateObjectSchema, optionalDateObjectSchema, paginationSchema, related, richTextSchema } from "./envelope.js";
import { zDateString, zId, zInt, zNameList, zTitle } from "./primitives.js";
import { taskSchema } from "./tasks.js";
import { userSchema } from "./users.js";

/**
 * Sprints (Pro module `sprint`, spec part 2 "Sprint", issue 18): a time box of tasks from one or more
 * projects, planned, then started (its scope is snapshotted), then completed (open tasks go to a planned
 * sprint or back to the backlog). A task is in at most one open (planned or active) sprint. Every change to
 * a started sprint's scope is a scope event, from which the burndown is worked out (`sprint-burndown.ts`).
 * Calls live under `/api/pm-pro/v2/sprints`; the rules are in the server module's README.md.
 */

/** Where a sprint stands: planned (being filled), active (started), completed (closed, history kept). */
export const SPRINT_STATUSES = ["planned", "active", "completed"] as const;
export type SprintStatus = (typeof SPRINT_STATUSES)[number];

/** Longest title, goal and description. */
export const SPRINT_TITLE_MAX = 200;
export const SPRINT_GOAL_MAX = 2_000;
export const SPRINT_DESCRIPTION_MAX = 100_000;
/** The most days a sprint may span, first and last day included (a burndown has one point a day). */
export const SPRINT_MAX_DAYS = 366;
/** The most projects one sprint may span. */
export const SPRINT_MAX_PROJECTS = 50;
/** The most tasks one sprint may hold (its page lists them all at once). */
export const SPRINT_MAX_TASKS = 5_000;
/** The most tasks one `POST .../tasks` may add. */
export const SPRINT_MAX_TASKS_PER_ADD = 500;
/** Sprints a page of `GET sprints` holds unless `per_page` says otherwise, and the most it may hold. */
export const SPRINT_PAGE_SIZE = 20;
export const SPRINT_MAX_PAGE_SIZE = 100;
/** What `GET sprints/{id}?with=` may ask for; `projects` and `creator` come on every answer anyway. */
export const SPRINT_WITH = ["tasks", "projects", "creator"] as const;

/**
 * Why a sprint's dates are refused, or null when they are fine: the due date may not come before the start,
 * and a sprint spans at most SPRINT_MAX_DAYS days. Used by the bodies below and by the server once an update
 * is merged with the stored dates.
 */
export function sprintDatesProblem(startAt: string, dueDate: string): "due_before_start" | "too_long" | null {
  if (dueDate < startAt) return "due_before_start";
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${startAt}T00:00:00Z`)) / 86_400_000) + 1;
  return days > SPRINT_MAX_DAYS ? "too_long" : null;
}

/** The messages of `sprintDatesProblem`, as the bodies give them on `due_date`. */
export const SPRINT_DATE_MESSAGES = {
  due_before_start: "The due date cannot be before the start date.",
  too_long: `A sprint lasts at most ${SPRINT_MAX_DAYS} days.`,
} as const;

/** A project a sprint spans, as the sprint names it (`projects.data`). */
export const sprintProjectSchema = z.object({ id: z.number().int(), title: z.string(), color: z.string().nullable() });
export type SprintProject = z.infer<typeof sprintProjectSchema>;

/** Tasks and estimation in the sprint, counted over the tasks the caller may see. */
export const sprintCountersSchema = z.object({
  tasks: z.object({ total: z.number().int(), complete: z.number().int() }),
  /** In minutes, as tasks' `estimation`. */
  estimation: z.object({ total: z.number().int(), complete: z.number().int() }),
});
export type SprintCounters = z.infer<typeof sprintCountersSchema>;

/** What the caller may do with a sprint (the web shows its buttons from these, never from roles). */
export const sprintAbilitiesSchema = z.object({
  /** Change its title, description, goal, dates and projects: site managers and the sprint's creator. */
  can_edit: z.boolean(),
  /** Delete it (its tasks go back to the backlog; its history goes): the same people. */
  can_delete: z.boolean(),
  /** Start it: the same people, while it is planned. */
  can_start: z.boolean(),
  /** Complete it, carrying its open tasks over: the same people, while it is active. */
  can_complete: z.boolean(),
  /**
   * The projects whose tasks the caller may add to the sprint and take out of it, while it is not
   * completed: every project of the sprint for site managers and its creator (those they can enter), the
   * ones they manage for project managers, none for anyone else. A task's `project_id` in this list shows
   * its "Remove from sprint".
   */
  task_project_ids: z.array(z.number().int()),
});
export type SprintAbilities = z.infer<typeof sprintAbilitiesSchema>;

/**
 * The tasks of a sprint (`with=tasks`), those the caller may see, as task answers (with their own
 * abilities: `can_complete` shows the complete toggle, `can_delete` the "Delete task permanently").
 */
export const sprintTasksSchema = z.object({
  data: z.array(taskSchema),
  meta: z.object({
    /** Tasks listed. */
    total: z.number().int(),
    /** Of a completed sprint, the tasks that were still open when it ended and were carried over. */
    carried_over_ids: z.array(z.number().int()),
  }),
});
export type SprintTasks = z.infer<typeof sprintTasksSchema>;

/** A sprint as the API shows it. */
export const sprintSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: richTextSchema,
  /** What the sprint should achieve, one or a few lines of plain text. */
  goal: z.string(),
  status: z.enum(SPRINT_STATUSES),
  /** First and last planned day (calendar dates). */
  start_at: dateObjectSchema,
  due_date: dateObjectSchema,
  /** When it was started and completed; empty until then. */
  started_at: optionalDateObjectSchema,
  completed_at: optionalDateObjectSchema,
  /** The sprint its open tasks were carried over to when it completed; null for the backlog (or not completed). */
  carried_over_to: z.number().int().nullable(),
  created_at: dateObjectSchema,
  updated_at: dateObjectSchema,
  /** The projects it spans that the caller may enter. */
  projects: related(z.array(sprintProjectSchema)),
  creator: related(userSchema),
  tasks: sprintTasksSchema.optional(),
  counters: sprintCountersSchema,
  abilities: sprintAbilitiesSchema,
});
export type Sprint = z.infer<typeof sprintSchema>;

/** `status=active`, `status=active,planned` or `status[]=planned`: sprints in any of these states. */
const zStatusList = zNameList.refine((names) => names.every((name) => (SPRINT_STATUSES as readonly string[]).includes(name)), {
  error: "status must be planned, active or completed",
});

/**
 * `GET /api/pm-pro/v2/sprints`: the sprints of the caller's projects (every sprint, for site managers),
 * active first, then planned by start date, then completed, the latest first.
 */
export const listSprintsQuery = z.object({
  status: zStatusList,
  /** Sprints that span this project (nothing when the caller is not one of its members). */
  project_id: zId.optional(),
  page: zInt.min(1).default(1),
  per_page: zInt.min(1).max(SPRINT_MAX_PAGE_SIZE).default(SPRINT_PAGE_SIZE),
});
export type ListSprintsQuery = z.infer<typeof listSprintsQuery>;

/** The pagination of the sprints list: the usual block and the documents' `found_rows` (the total). */
export const sprintPaginationSchema = paginationSchema.extend({ found_rows: z.number().int() });

/**
 * Who may plan a sprint, as the server's policy decides it (the create call checks the same rule): the web
 * shows "New sprint" and the form's project choices from these, never from roles.
 */
export const sprintPlanningSchema = z.object({
  abilities: z.object({
    /** Plan a new sprint: true when the caller may plan one over at least one project. */
    can_create: z.boolean(),
  }),
  /**
   * The projects the caller may name in a sprint they plan: every project for site managers; the projects
   * they manage, or work on as a co-worker who may create tasks, for everyone else (clients: none). In id order.
   */
  plannable_project_ids: z.array(z.number().int()),
});
export type SprintPlanning = z.infer<typeof sprintPlanningSchema>;

export const sprintListResponse = z.object({
  data: z.array(sprintSchema),
  meta: sprintPlanningSchema.extend({ pagination: sprintPaginationSchema }),
});
export type SprintList = z.infer<typeof sprintListResponse>;

/**
 * `GET /api/pm-pro/v2/sprints/refresh`: the caller's active and planned sprints with fresh counters, active
 * first, for the sprint screen to refresh without paging; `meta` says who may plan one, as the list does.
 */
export const sprintRefreshResponse = z.object({ data: z.array(sprintSchema), meta: sprintPlanningSchema });
export type SprintRefresh = z.infer<typeof sprintRefreshResponse>;

/** Backlog tasks a page holds unless `per_page` says otherwise, and the most it may hold. */
export const SPRINT_BACKLOG_PAGE_SIZE = 50;
export const SPRINT_BACKLOG_MAX_PAGE_SIZE = 100;
/** The most projects one backlog call may search (a sprint spans at most this many). */
export const SPRINT_BACKLOG_MAX_PROJECTS = SPRINT_MAX_PROJECTS;

/**
 * `GET /api/pm-pro/v2/sprints/backlog?project_id[]=1&project_id[]=2&title=&page=&per_page=`: the open
 * top-level tasks of those projects that the caller may see and that are in no planned or active sprint,
 * newest first. `project_id` is one id or a repeated `project_id[]`, as the tasks listing takes it.
 */
export const sprintBacklogQuery = z.object({
  project_id: z
    .union([zId, z.array(zId)], { error: "project_id must name one or more projects by id" })
    .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
    .refine((ids) => ids.length <= SPRINT_BACKLOG_MAX_PROJECTS, { error: `project_id names at most ${SPRINT_BACKLOG_MAX_PROJECTS} projects` }),
  /** Tasks whose title holds this text, whatever its case. */
  title: z.string().trim().max(200).default(""),
  page: zInt.min(1).default(1),
  per_page: zInt.min(1).max(SPRINT_BACKLOG_MAX_PAGE_SIZE).default(SPRINT_BACKLOG_PAGE_SIZE),
});
export type SprintBacklogQuery = z.infer<typeof sprintBacklogQuery>;

/** A backlog task: only what the backlog panel shows and moves (the sprint's page has the full task). */
export const backlogTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  project_id: z.number().int(),
  task_list_id: z.number().int(),
  /** 0 incomplete or 2 pending (complete tasks are never in the backlog). */
  status: z.number().int(),
  /** In minutes. */
  estimation: z.number().int(),
  /** Ids of the assigned users. */
  assignee_ids: z.array(z.number().int()),
  /** `YYYY-MM-DD`, or null. */
  due_date: z.string().nullable(),
});
export type BacklogTask = z.infer<typeof backlogTaskSchema>;

export const sprintBacklogResponse = z.object({ data: z.array(backlogTaskSchema), meta: z.object({ pagination: sprintPaginationSchema }) });
export type SprintBacklog = z.infer<typeof sprintBacklogResponse>;

/** `GET /api/pm-pro/v2/sprints/{id}?with=tasks,projects,creator`. */
export const getSprintQuery = z.object({
  with: zNameList.refine((names) => names.every((name) => (SPRINT_WITH as readonly string[]).includes(name)), {
    error: "with takes tasks, projects and creator",
  }),
});
export type GetSprintQuery = z.infer<typeof getSprintQuery>;

export const sprintResponse = z.object({ data: sprintSchema, message: z.string().optional() });
export type SprintAnswer = z.infer<typeof sprintResponse>;

const zGoal = z.string().trim().max(SPRINT_GOAL_MAX);
const zDescription = z.string().max(SPRINT_DESCRIPTION_MAX);
/** Project ids, each once. */
const zProjectIds = z
  .array(zId)
  .min(1, "projects must name at least one project")
  .max(SPRINT_MAX_PROJECTS)
  .refine((ids) => new Set(ids).size === ids.length, { error: "projects must not name a project twice" });

/** Adds the date rules of `sprintDatesProblem` to a body, on `due_date`, when both dates are given. */
function checkDates(body: { start_at?: string | undefined; due_date?: string | undefined }, ctx: z.RefinementCtx): void {
  if (body.start_at === undefined || body.due_date === undefined) return;
  const problem = sprintDatesProblem(body.start_at, body.due_date);
  if (problem) ctx.addIssue({ code: "custom", path: ["due_date"], message: SPRINT_DATE_MESSAGES[problem] });
}

/** `POST /api/pm-pro/v2/sprints`: a planned sprint over one or more projects. */
export const createSprintBody = z
  .object({
    title: zTitle(SPRINT_TITLE_MAX),
    description: zDescription.default(""),
    goal: zGoal.default(""),
    start_at: zDateString,
    due_date: zDateString,
    /** Ids of the projects it spans: the creator must be a manager or co-worker of each (site managers: any). */
    projects: zProjectIds,
  })
  .superRefine(checkDates);
export type CreateSprintBody = z.infer<typeof createSprintBody>;

/** `POST .../sprints/{id}/update`: only the fields given change; `projects` replaces the set. */
export const updateSprintBody = z
  .object({
    title: zTitle(SPRINT_TITLE_MAX).optional(),
    description: zDescription.optional(),
    goal: zGoal.optional(),
    start_at: zDateString.optional(),
    due_date: zDateString.optional(),
    projects: zProjectIds.optional(),
  })
  .superRefine(checkDates);
export type UpdateSprintBody = z.infer<typeof updateSprintBody>;

/** `POST .../sprints/{id}/tasks`: tasks of the sprint's projects to add, each once, all or nothing. */
export const addSprintTasksBody = z.object({
  task_ids: z
    .array(zId)
    .min(1, "task_ids must name at least one task")
    .max(SPRINT_MAX_TASKS_PER_ADD)
    .refine((ids) => new Set(ids).size === ids.length, { error: "task_ids must not name a task twice" }),
});
export type AddSprintTasksBody = z.infer<typeof addSprintTasksBody>;

/** The answer of adding tasks: the sprint (without its tasks) and which of the ids were new to it. */
export const addSprintTasksResponse = z.object({
  data: sprintSchema,
  meta: z.object({
    /** Tasks put in the sprint by this call. */
    added_ids: z.array(z.number().int()),
    /** Tasks that were in the sprint already (left as they were). */
    unchanged_ids: z.array(z.number().int()),
  }),
  message: z.string().optional(),
});
export type AddSprintTasksAnswer = z.infer<typeof addSprintTasksResponse>;

/**
 * `POST .../sprints/{id}/complete`: where the open tasks go, `carry_over_to` a planned sprint's id, or null
 * (also 0 or "", or left out) for the backlog.
 */
export const completeSprintBody = z.preprocess(
  // A completion sent without any body carries the open tasks back to the backlog.
  (body) => body ?? {},
  z.object({
    carry_over_to: z.preprocess((value) => (value === "" || value === 0 || value === "0" || value === undefined ? null : value), zId.nullable()),
  }),
);
export type CompleteSprintBody = z.infer<typeof completeSprintBody>;

/** The answer of completing a sprint: the completed sprint and the tasks carried over. */
export const completeSprintResponse = z.object({
  data: sprintSchema,
  meta: z.object({
    /** Open tasks moved on (those the caller may see). */
    carried_over_ids: z.array(z.number().int()),
    /** Where they went: the planned sprint's id, or null for the backlog. */
    carried_over_to: z.number().int().nullable(),
  }),
  message: z.string().optional(),
});
export type CompleteSprintAnswer = z.infer<typeof completeSprintResponse>;

const amountSchema = z.object({ count: z.number().int(), estimation: z.number().int() });

/** One day of the burndown (see `BurndownDay`): figures at the end of the day, estimation in minutes. */
export const burndownDaySchema = z.object({
  date: z.string(),
  remaining_count: z.number().int().nullable(),
  remaining_estimation: z.number().int().nullable(),
  scope_count: z.number().int().nullable(),
  scope_estimation: z.number().int().nullable(),
  ideal_count: z.number(),
  ideal_estimation: z.number(),
});

const idsSchema = z.array(z.number().int());

/**
 * `GET /api/pm-pro/v2/sprints/{id}/burndown`: the sprint's days with what remained by count and by
 * estimation against the ideal line, and what happened to its scope, over the tasks the caller may see.
 */
export const sprintBurndownResponse = z.object({
  data: z.object({
    sprint_id: z.number().int(),
    status: z.enum(SPRINT_STATUSES),
    start_at: z.string(),
    due_date: z.string(),
    /** Today in the site's time zone: an active sprint has figures up to it. */
    today: z.string(),
    days: z.array(burndownDaySchema),
    summary: z.object({
      original: amountSchema,
      open_at_start: amountSchema,
      added: amountSchema,
      removed: amountSchema,
      completed: amountSchema,
      carried_over: amountSchema,
      remaining: amountSchema,
    }),
    task_ids: z.object({ original: idsSchema, added: idsSchema, removed: idsSchema, completed: idsSchema, carried_over: idsSchema, remaining: idsSchema }),
  }),
});
export type SprintBurndownAnswer = z.infer<typeof sprintBurndownResponse>;
