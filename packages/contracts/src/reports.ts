import { z } from "zod";
import { reportCustomFieldColumnSchema } from "./custom-fields.js";
import { dateObjectSchema, optionalDateObjectSchema, paginationSchema, related } from "./envelope.js";
import { zDateString, zFlag, zId, zInt } from "./primitives.js";

/**
 * Reports (Pro module `reports`, site managers only): the advanced report and the exports by navigation.
 * The other report pages read `GET pm/v2/tasks` and `GET pm/v2/activities` (see the server's reports README).
 */

/** Rows of a report page (overdue, completed, unassigned, milestone, user activities). */
export const REPORT_PAGE_SIZE = 20;
/** The advanced report's projects per page when the site setting `project_per_page` is not saved. */
export const ADVANCE_REPORT_DEFAULT_PER_PAGE = 10;
/** At most this many filter rows, one per key. */
export const ADVANCE_REPORT_MAX_FILTERS = 5;
/** Tasks shown under one project of an advanced report page; `meta.total_tasks` tells how many matched. */
export const ADVANCE_REPORT_TASKS_PER_PROJECT = 500;
/** Rows in a report PDF; past it the PDF says it was cut and the CSV has every row. */
export const REPORT_PDF_MAX_ROWS = 5_000;

/** The advanced report's filter keys, each usable in one row. */
export const ADVANCE_FILTER_KEYS = ["assigned", "project", "status", "payable", "time"] as const;
export type AdvanceFilterKey = (typeof ADVANCE_FILTER_KEYS)[number];

/** The advanced report's status values and their labels (pending is its own value here). */
export const ADVANCE_STATUS_LABELS = { 0: "Incomplete", 1: "Complete", 2: "Pending" } as const;
/** The payable values and their labels. */
export const ADVANCE_PAYABLE_LABELS = { 0: "Not Payable", 1: "Payable" } as const;
/** The project report's status values: every task, complete ones, incomplete ones. */
export const PROJECT_REPORT_STATUS = { all: -1, complete: 1, incomplete: 0 } as const;

/** The reports offered as exports: `GET pm-pro/v2/users/{user}/advance-report/{kind}/{csv|pdf}/`. */
export const REPORT_EXPORT_KINDS = ["unassigned", "milestone", "user-activities", "completed-tasks", "overdue-tasks"] as const;
export type ReportExportKind = (typeof REPORT_EXPORT_KINDS)[number];
export const REPORT_EXPORT_FORMATS = ["csv", "pdf"] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** A filter row as sent: `filters[0][skey]=status&filters[0][svalue]=1`; checked by the server with the spec's messages. */
export const advanceFilterRowInput = z.object({ skey: z.unknown(), svalue: z.unknown() }).partial();

/**
 * `GET /api/pm-pro/v2/advance-report`. `filters` is a list of rows (bracket form), or the same list as JSON
 * text; `csv=1` answers the whole report as a CSV file instead of a page.
 */
export const advanceReportQuery = z.object({
  page: zInt.min(1).default(1),
  /** Projects per page: 1 to 100; the site setting `project_per_page` (default 10) without it. */
  per_page: zInt.min(1).max(100).optional(),
  filters: z.union([z.string().max(4_000), z.array(z.unknown()).max(20), z.record(z.string(), z.unknown())]).optional(),
  csv: zFlag.default(false),
});
export type AdvanceReportQuery = z.infer<typeof advanceReportQuery>;

/** A checked filter row. */
export type AdvanceFilter =
  | { skey: "assigned"; svalue: number[] }
  | { skey: "project"; svalue: number[] }
  | { skey: "status"; svalue: 0 | 1 | 2 }
  | { skey: "payable"; svalue: 0 | 1 }
  | { skey: "time"; svalue: { start_at: string; due_date: string } };

/** A person in a report: who created, completed or is assigned to a task. */
export const reportUserSchema = z.object({ id: z.number().int(), display_name: z.string(), avatar_url: z.string().nullable() });
export type ReportUser = z.infer<typeof reportUserSchema>;

/** A task as reports show it. */
export const reportTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** 0 incomplete, 1 complete, 2 pending. */
  status: z.number().int(),
  payable: z.boolean(),
  /** Estimated work in minutes. */
  estimation: z.number().int(),
  start_at: optionalDateObjectSchema,
  due_date: optionalDateObjectSchema,
  created_at: dateObjectSchema,
  completed_at: optionalDateObjectSchema,
  project_id: z.number().int(),
  task_list_id: z.number().int(),
  creator: related(reportUserSchema.nullable()),
  completer: related(reportUserSchema.nullable()),
  assignees: related(z.array(reportUserSchema)),
  /** The task's custom field values as text, one cell per `meta.custom_field_columns` entry ("" for none). */
  custom_field_cells: z.array(z.string()).optional(),
});
export type ReportTask = z.infer<typeof reportTaskSchema>;

/** A list of a report project with its matching tasks. */
export const reportTaskListSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  tasks: related(z.array(reportTaskSchema)),
});

/** A project of the advanced report: its lists, each with its matching tasks. */
export const reportProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  task_lists: related(z.array(reportTaskListSchema)),
  /** `total_tasks`: tasks of this project that match; at most ADVANCE_REPORT_TASKS_PER_PROJECT are listed. */
  meta: z.object({ total_tasks: z.number().int() }),
});
export type ReportProject = z.infer<typeof reportProjectSchema>;

/** The advanced report's page: projects with matching tasks, paginated by project; `meta.total_tasks` over every page. */
export const advanceReportEnvelope = z.object({
  data: z.array(reportProjectSchema),
  meta: z.object({
    pagination: paginationSchema,
    total_tasks: z.number().int(),
    /** Custom field columns of the page's projects (`custom_fields` module on): fields with one title share a column. */
    custom_field_columns: z.array(reportCustomFieldColumnSchema).optional(),
  }),
});
export type AdvanceReportEnvelope = z.infer<typeof advanceReportEnvelope>;

export const reportExportParams = z.object({
  user: zId,
  kind: z.enum(REPORT_EXPORT_KINDS),
});

/**
 * The filters of an export, as the report page holds them. `start_date` is required by every kind but
 * the milestone report; `end_date` defaults to today; `user_id` is required by user-activities; the
 * milestone report needs `project_id` and `milestone`.
 */
export const reportExportQuery = z.object({
  start_date: zDateString.optional(),
  end_date: zDateString.optional(),
  project_id: zId.optional(),
  user_id: zId.optional(),
  milestone: zId.optional(),
});
export type ReportExportQuery = z.infer<typeof reportExportQuery>;
