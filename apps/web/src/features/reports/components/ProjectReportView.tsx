import { Button, Stack } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconPrinter } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ErrorState } from "../../../components/ErrorState.js";
import { useListTitles, useReportProjects, useReportTasks, useReportUsers } from "../hooks/use-reports.js";
import { advanceCsvUrl, type AdvanceApiRow } from "../lib/advance-filters.js";
import { filtersSearch, PROJECT_FIELDS, type ReportFilters } from "../lib/report-filters.js";
import { groupRows, rowOfTask } from "../lib/report-rows.js";
import { ReportFilterModal } from "./ReportFilterModal.js";
import { ReportEmpty, ReportHeader, ReportLoading, ReportPagination, SummaryCards } from "./ReportFrame.js";
import { ReportTaskGroups } from "./ReportTaskGroups.js";

/** The radio's value as `GET pm/v2/tasks` takes it: every task (-1 sends none), complete, or open ones. */
function statusQuery(status: string): string | number | undefined {
  if (status === "1") return 1;
  if (status === "0") return "incomplete";
  return undefined;
}

/**
 * The Project Report (All Task by Project): one project's tasks by list, every task or the complete or
 * incomplete ones, with Print (the report alone on paper) and Export to CSV.
 */
export function ProjectReportView({ filters, page }: { filters: ReportFilters; page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filterOpen, setFilterOpen] = useState(!filters.project_id);
  const hasProject = filters.project_id !== "";
  const tasks = useReportTasks("project-tasks", { project_id: filters.project_id || undefined, status: statusQuery(filters.status) }, page, hasProject);
  const projects = useReportProjects();
  const users = useReportUsers();
  const projectIds = useMemo(() => (hasProject ? [Number(filters.project_id)] : []), [hasProject, filters.project_id]);
  const listTitles = useListTitles(projectIds);
  const search = filtersSearch(filters);
  const hrefOf = (target: number) => `${target === 1 ? routePath("project-tasks") : routePath("project_task_pagination", { current_page_number: target })}?${search}`;
  const apply = (next: ReportFilters) => {
    setFilterOpen(false);
    navigate(`${routePath("project-tasks")}?${filtersSearch(next)}`);
  };
  const projectTitle = (id: number) => projects.data?.find((project) => project.id === id)?.title ?? null;
  const userName = (id: number) => users.data?.find((user) => user.id === id)?.display_name ?? null;
  const rows = (tasks.data?.data ?? []).map((task) => rowOfTask(task, userName));
  const statusLabel = filters.status === "1" ? "complete" : filters.status === "0" ? "incomplete" : "all";
  const csvRows: AdvanceApiRow[] = [{ skey: "project", svalue: filters.project_id }, ...(filters.status === "-1" ? [] : [{ skey: "status" as const, svalue: Number(filters.status) }])];

  return (
    <Stack gap="md" className="report-printable">
      <ReportHeader
        title={t("reports.pages.project-tasks")}
        onFilter={() => setFilterOpen(true)}
        actions={
          hasProject && (
            <>
              <Button component="a" href={advanceCsvUrl(csvRows)} variant="default">
                {t("reports.export_csv")}
              </Button>
              <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
                {t("reports.print")}
              </Button>
            </>
          )
        }
      />
      <ReportFilterModal opened={filterOpen} onClose={() => setFilterOpen(false)} fields={PROJECT_FIELDS} filters={filters} onApply={apply} />
      {!hasProject ? (
        <ReportEmpty body={t("reports.pick_project_first")} />
      ) : tasks.isError ? (
        <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : !tasks.data ? (
        <ReportLoading />
      ) : (
        <>
          <SummaryCards
            cards={[
              { label: t("reports.summary.project"), value: projectTitle(Number(filters.project_id)) ?? "–" },
              { label: t("reports.project_radio.label"), value: t(`reports.project_radio.${statusLabel}`) },
              { label: t("reports.summary.total_tasks"), value: String(tasks.data.meta.pagination.total) },
            ]}
          />
          {rows.length === 0 ? (
            <ReportEmpty />
          ) : (
            <>
              <ReportTaskGroups groups={groupRows(rows, projectTitle, (id) => listTitles.get(id) ?? null)} dateColumn="due" />
              <ReportPagination page={page} totalPages={tasks.data.meta.pagination.total_pages} hrefOf={hrefOf} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
