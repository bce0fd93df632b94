import type { AdvanceReportEnvelope, AdvanceReportQuery, ReportExportFormat, ReportExportKind, ReportExportQuery } from "@plotline/contracts";
import { ADVANCE_REPORT_TASKS_PER_PROJECT } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden, say } from "../../lib/app-error.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import type { ActivitiesService } from "../activities/activities.service.js";
import type { CustomFieldsService, ReportColumn } from "../custom-fields/custom-fields.service.js";
import type { SiteSettingsService } from "../site-settings/site-settings.service.js";
import { streamReportCsv } from "./export/report-csv.js";
import { renderReportPdf } from "./export/report-pdf.js";
import type { ReportTable } from "./export/report-table.js";
import { activityExportSearch, readAdvanceFilters, advanceSearch, taskExportSearch, type ActivityReportSearch, type TaskReportSearch } from "./reports.filters.js";
import { ACTIVITY_EXPORT_COLUMNS, TASK_EXPORT_COLUMNS, presentReportProjects, taskExportRecord } from "./reports.presenter.js";
import { reportsRepository } from "./reports.repository.js";

/** A file to send: its type, its dated name and its bytes or stream. */
export interface ReportFile {
  contentType: string;
  filename: string;
  body: Buffer | NodeJS.ReadableStream;
}

/** Titles of the exports, as the report pages name them. */
const EXPORT_TITLES: Record<ReportExportKind, string> = {
  unassigned: "Unassigned Tasks",
  milestone: "Milestone Tasks",
  "user-activities": "User Activities",
  "completed-tasks": "Completed Tasks",
  "overdue-tasks": "Overdue Tasks",
};

/** Activities read per page while the user-activities export streams. */
const ACTIVITY_BATCH = 200;

/** Today in the site's time zone, YYYY-MM-DD. */
function todayIn(timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

/** YYYY-MM-DD as the UI shows dates, MM/DD/YYYY. */
function usDate(day: string): string {
  const [year, month, date] = day.split("-");
  return `${month}/${date}/${year}`;
}

function rangeText(from: string | undefined, to: string): string {
  return from ? `Date between ${usDate(from)} to ${usDate(to)}` : `Until ${usDate(to)}`;
}

/** Reports are for the site's managers (the manager capability) only. */
function requireReader(actor: Actor): void {
  if (!actor.isSiteManager) throw forbidden(say("reports.who_may_see_reports"));
}

/** The advanced report and the reports' exports (README.md). */
export function reportsService(ctx: AppContext, siteSettings: SiteSettingsService, activities: ActivitiesService, customFields: CustomFieldsService) {
  const repository = reportsRepository(ctx.db);
  const timezone = ctx.config.timezone;

  /** Every matching task as export rows, a batch at a time, names (and custom field cells) read per batch. */
  async function* taskRecords(search: TaskReportSearch, columns: readonly ReportColumn[]): AsyncGenerator<string[][]> {
    for await (const batch of repository.streamTasks(search)) {
      const [names, cells] = await Promise.all([repository.namesFor(batch), customFields.reportCells(columns, batch.map((row) => row.id))]);
      yield batch.map((row) => [...taskExportRecord(row, names, timezone), ...(cells.get(row.id) ?? [])]);
    }
  }

  /** The task columns of an export: the fixed ones, then one per custom field title of the searched projects. */
  async function taskColumns(search: TaskReportSearch): Promise<{ titles: string[]; columns: ReportColumn[] }> {
    const columns = await customFields.reportColumns(search.projectIds ?? null);
    return { titles: [...TASK_EXPORT_COLUMNS, ...columns.map((column) => column.title)], columns };
  }

  /** The caller's reading of the activities, oldest first, a page at a time (the activities module renders the sentences). */
  async function* activityRecords(actor: Actor, search: ActivityReportSearch): AsyncGenerator<string[][]> {
    for (let page = 1; ; page += 1) {
      const result = await activities.listActivities(actor, {
        user_id: search.userId,
        project_id: search.projectId,
        updated_at_start: search.from,
        updated_at: search.to,
        with: ["project"],
        page,
        per_page: ACTIVITY_BATCH,
        orderby: "created_at ASC",
      });
      if (result.activities.length > 0) {
        yield result.activities.map((entry) => [
          entry.committed_at.date,
          entry.committed_at.time,
          entry.project?.data.title ?? "",
          entry.action_type,
          entry.message,
        ]);
      }
      if (page >= result.pagination.total_pages) return;
    }
  }

  function fileOf(table: ReportTable, name: string, format: ReportExportFormat): Promise<ReportFile> | ReportFile {
    const filename = `${name}-${todayIn(timezone)}.${format}`;
    if (format === "csv") return { contentType: "text/csv; charset=utf-8", filename, body: streamReportCsv(table) };
    return renderReportPdf(table).then((pdf) => ({ contentType: "application/pdf", filename, body: pdf }));
  }

  return {
    /** One page of the advanced report: projects with matching tasks, each with its lists and tasks. */
    async advanceReport(actor: Actor, query: AdvanceReportQuery): Promise<AdvanceReportEnvelope> {
      requireReader(actor);
      const search = advanceSearch(readAdvanceFilters(query.filters));
      const perPage = query.per_page ?? (await siteSettings.value("project_per_page"));
      const page = pageRequest(query.page, perPage, perPage);
      const projects = await repository.countByProject(search);
      const shown = projects.slice(page.offset, page.offset + perPage);
      const rows = await repository.tasksOfProjects(search, shown.map((project) => project.id), ADVANCE_REPORT_TASKS_PER_PROJECT);
      const columns = await customFields.reportColumns(shown.map((project) => project.id));
      const [names, cells] = await Promise.all([repository.namesFor(rows), customFields.reportCells(columns, rows.map((row) => row.id))]);
      const data = presentReportProjects(shown, rows, names, timezone);
      if (columns.length > 0) {
        for (const project of data) for (const list of project.task_lists.data) for (const task of list.tasks.data) task.custom_field_cells = cells.get(task.id) ?? [];
      }
      return {
        data,
        meta: {
          pagination: paginationMeta(page, projects.length, shown.length),
          total_tasks: projects.reduce((sum, project) => sum + project.count, 0),
          ...(columns.length > 0 && { custom_field_columns: columns.map((column) => ({ title: column.title, field_ids: column.fields.map((field) => field.id) })) }),
        },
      };
    },

    /** The advanced report's every matching task as CSV (`csv=1`). */
    async advanceReportCsv(actor: Actor, query: AdvanceReportQuery): Promise<ReportFile> {
      requireReader(actor);
      const search = advanceSearch(readAdvanceFilters(query.filters));
      const { titles, columns } = await taskColumns(search);
      return fileOf({ title: "Advanced Report", subtitle: "", columns: titles, batches: taskRecords(search, columns) }, "advanced-report", "csv");
    },

    /**
     * One report as CSV or PDF, for the caller only: `{user}` in the path must be the signed-in user, so no
     * parameter can make an export act as someone else.
     */
    async exportReport(actor: Actor, userId: number, kind: ReportExportKind, format: ReportExportFormat, query: ReportExportQuery): Promise<ReportFile> {
      if (userId !== actor.id) throw forbidden(say("reports.only_own_exports"));
      requireReader(actor);
      const today = todayIn(timezone);
      const title = EXPORT_TITLES[kind];
      if (kind === "user-activities") {
        const search = activityExportSearch(query, today);
        const table = { title, subtitle: rangeText(search.from, search.to), columns: ACTIVITY_EXPORT_COLUMNS, batches: activityRecords(actor, search) };
        return fileOf(table, `${kind}-report`, format);
      }
      const search = taskExportSearch(kind, query, today, timezone);
      const { titles, columns } = await taskColumns(search);
      const table = { title, subtitle: rangeText(query.start_date, query.end_date ?? today), columns: titles, batches: taskRecords(search, columns) };
      return fileOf(table, `${kind}-report`, format);
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
