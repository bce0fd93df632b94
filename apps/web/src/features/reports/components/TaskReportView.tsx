import { Stack } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ErrorState } from "../../../components/ErrorState.js";
import { todayString } from "../../../lib/dates.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useListTitles, useReportMilestones, useReportProjects, useReportTasks, useReportUsers } from "../hooks/use-reports.js";
import { exportUrl, filtersSearch, taskReportQuery, TASK_REPORTS, type ReportFilters, type TaskReportKind } from "../lib/report-filters.js";
import { groupRows, hoursOf, rowOfTask } from "../lib/report-rows.js";
import { OverdueChart } from "./OverdueChart.js";
import { ReportFilterModal } from "./ReportFilterModal.js";
import { ReportEmpty, ReportHeader, ReportLoading, ReportPagination, SummaryCards } from "./ReportFrame.js";
import { ReportTaskGroups } from "./ReportTaskGroups.js";

/**
 * A task report (overdue, completed, unassigned, milestone, one co-worker's overdue tasks): its header with
 * the range, filter and exports, the summary cards, then the page's tasks by project and list.
 */
export function TaskReportView({ kind, filters, page, userId }: { kind: TaskReportKind; filters: ReportFilters; page: number; userId?: number }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const navigate = useNavigate();
  const definition = TASK_REPORTS[kind];
  const today = todayString();
  const waiting = definition.fields.project === "required" && (!filters.project_id || (definition.fields.milestone && !filters.milestone));
  // A report that cannot run without a choice opens its filter at once.
  const [filterOpen, setFilterOpen] = useState(waiting);
  const tasks = useReportTasks(kind, { ...taskReportQuery(kind, filters, today, userId) }, page, !waiting);
  const projects = useReportProjects();
  const users = useReportUsers();
  const milestones = useReportMilestones(definition.fields.milestone && filters.project_id ? Number(filters.project_id) : null);
  const projectIds = useMemo(() => [...new Set((tasks.data?.data ?? []).map((task) => task.project_id))], [tasks.data]);
  const listTitles = useListTitles(projectIds);

  const params: Record<string, number> = kind === "report-user-task" ? { user_id: userId ?? 0 } : {};
  const search = filtersSearch(filters);
  const hrefOf = (target: number) =>
    `${target === 1 ? routePath(definition.route, params) : routePath(definition.pagination, { ...params, current_page_number: target })}?${search}`;
  const apply = (next: ReportFilters) => {
    setFilterOpen(false);
    navigate(`${routePath(definition.route, params)}?${filtersSearch(next)}`);
  };

  const projectTitle = (id: number) => projects.data?.find((project) => project.id === id)?.title ?? null;
  const userName = (id: number) => users.data?.find((user) => user.id === id)?.display_name ?? null;
  const exportFilters = { ...filters, status: "", user_id: kind === "report-user-task" ? String(userId ?? "") : filters.user_id };
  const exportKind = definition.exportKind;
  const exports = exportKind ? { csv: exportUrl(me.user.id, exportKind, "csv", exportFilters), pdf: exportUrl(me.user.id, exportKind, "pdf", exportFilters) } : null;

  const rows = (tasks.data?.data ?? []).map((task) => rowOfTask(task, userName));
  const total = tasks.data?.meta.pagination.total ?? 0;
  const all = t("reports.summary.all");
  const cards: Array<{ label: string; value: string }> = [
    { label: t("reports.summary.project"), value: (filters.project_id && projectTitle(Number(filters.project_id))) || all },
    ...(kind === "milestone-tasks"
      ? [{ label: t("reports.summary.milestone"), value: milestones.data?.find((milestone) => String(milestone.id) === filters.milestone)?.title ?? all }]
      : []),
    ...(definition.fields.user !== "none" || kind === "report-user-task"
      ? [{ label: t("reports.summary.user"), value: (kind === "report-user-task" ? userName(userId ?? 0) : filters.user_id && userName(Number(filters.user_id))) || all }]
      : []),
    { label: t("reports.summary.total_tasks"), value: String(total) },
  ];
  const isOverdue = kind === "overdue-tasks" || kind === "report-user-task";
  if (isOverdue && rows.length > 0) cards.push({ label: t("reports.summary.total_estimation"), value: t("reports.hours", { hours: hoursOf(rows.reduce((sum, row) => sum + row.estimation, 0)) }) });

  return (
    <Stack gap="md">
      <ReportHeader
        title={kind === "report-user-task" && userName(userId ?? 0) ? `${t("reports.pages.report-user-task")}: ${userName(userId ?? 0)}` : t(`reports.pages.${kind}`)}
        range={{ start: filters.start_date, end: filters.end_date }}
        onFilter={() => setFilterOpen(true)}
        exports={waiting ? null : exports}
      />
      <ReportFilterModal opened={filterOpen} onClose={() => setFilterOpen(false)} fields={definition.fields} filters={filters} onApply={apply} />
      {waiting ? (
        <ReportEmpty body={t(definition.fields.milestone ? "reports.pick_milestone_first" : "reports.pick_project_first")} />
      ) : tasks.isError ? (
        <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : !tasks.data ? (
        <ReportLoading />
      ) : (
        <>
          <SummaryCards cards={cards} />
          {rows.length === 0 ? (
            <ReportEmpty />
          ) : (
            <>
              {isOverdue && <OverdueChart rows={rows} projectTitle={projectTitle} />}
              <ReportTaskGroups groups={groupRows(rows, projectTitle, (id) => listTitles.get(id) ?? null)} dateColumn={kind === "completed-tasks" ? "completed" : "due"} />
              <ReportPagination page={page} totalPages={tasks.data.meta.pagination.total_pages} hrefOf={hrefOf} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
