import type { ReactNode } from "react";
import { Navigate, useParams, useSearchParams } from "react-router";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { ActivitiesReportView } from "../features/reports/components/ActivitiesReportView.js";
import { AdvanceReportView } from "../features/reports/components/AdvanceReportView.js";
import { ProjectReportView } from "../features/reports/components/ProjectReportView.js";
import { ReportsLanding } from "../features/reports/components/ReportsLanding.js";
import { TaskReportView } from "../features/reports/components/TaskReportView.js";
import "../features/reports/components/reports.css";
import { useReportsOn } from "../features/reports/hooks/use-reports.js";
import { reportsEn } from "../features/reports/i18n/en.js";
import { pageOf, readFilters, TASK_REPORTS, type TaskReportKind } from "../features/reports/lib/report-filters.js";
import { addCatalogue } from "../i18n/index.js";
import { todayString } from "../lib/dates.js";
import { NotFoundPage } from "./not-found.js";

// These pages bring their own strings (i18n/en.ts, CHUNK_CATALOGUES).
addCatalogue(reportsEn);

/** Reports are for site managers (anyone else goes to `/`, as from Progress); gone while the module is off. */
function ReportsGate({ children }: { children: ReactNode }) {
  const me = useCurrentMe();
  const isOn = useReportsOn();
  if (!isOn) return <NotFoundPage />;
  if (!me.capabilities.manage_pm) return <Navigate to="/" replace />;
  return children;
}

/** `reports_component` (`/reports/sections`): the landing page. The bare `reports` route redirects here. */
export function ReportsLandingPage() {
  return (
    <ReportsGate>
      <ReportsLanding />
    </ReportsGate>
  );
}

/** A task report and its `pages/:current_page_number`, its filters from the address. */
function TaskReportPage({ kind }: { kind: TaskReportKind }) {
  const { current_page_number: page, user_id: userId } = useParams();
  const [search] = useSearchParams();
  const filters = readFilters(search, todayString(), TASK_REPORTS[kind].defaultRange);
  return (
    <ReportsGate>
      <TaskReportView key={kind} kind={kind} filters={filters} page={pageOf(page)} userId={userId ? Number(userId) : undefined} />
    </ReportsGate>
  );
}

/** `overdue-tasks` and `overdue_pagination`. */
export function OverdueReportPage() {
  return <TaskReportPage kind="overdue-tasks" />;
}

/** `completed-tasks` and `completed_pagination`. */
export function CompletedReportPage() {
  return <TaskReportPage kind="completed-tasks" />;
}

/** `unassigned-tasks` and `unassigned_pagination`. */
export function UnassignedReportPage() {
  return <TaskReportPage kind="unassigned-tasks" />;
}

/** `milestone-tasks` and `milestone_task_pagination`. */
export function MilestoneReportPage() {
  return <TaskReportPage kind="milestone-tasks" />;
}

/** `report-user-task`: one co-worker's overdue tasks. */
export function UserTaskReportPage() {
  return <TaskReportPage kind="report-user-task" />;
}

/** `report-user-activities` and `user_activity_pagination`. */
export function UserActivitiesReportPage() {
  const { current_page_number: page } = useParams();
  const [search] = useSearchParams();
  return (
    <ReportsGate>
      <ActivitiesReportView filters={readFilters(search, todayString(), true)} page={pageOf(page)} />
    </ReportsGate>
  );
}

/** `project-tasks` and `project_task_pagination`: the Project Report. */
export function ProjectReportPage() {
  const { current_page_number: page } = useParams();
  const [search] = useSearchParams();
  return (
    <ReportsGate>
      <ProjectReportView filters={readFilters(search, todayString(), false)} page={pageOf(page)} />
    </ReportsGate>
  );
}

/** `advance-tasks` and `advance_pagination`: the Advanced Report. */
export function AdvanceReportPage() {
  const { current_page_number: page } = useParams();
  return (
    <ReportsGate>
      <AdvanceReportView page={pageOf(page)} />
    </ReportsGate>
  );
}
