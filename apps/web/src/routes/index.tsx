import { ROUTES, type RouteName } from "@plotline/contracts";
import type { QueryClient } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { createHashRouter, matchPath, Navigate, type RouteObject } from "react-router";
import { AppLayout } from "../components/AppLayout.js";
import { FrontEndLayout } from "../components/FrontEndLayout.js";
import { LoadingScreen } from "../components/LoadingScreen.js";
import { RequireSession } from "../components/RequireSession.js";
import { ProjectLayout } from "../features/projects/components/ProjectLayout.js";
import { projectOptions } from "../features/projects/hooks/use-projects.js";
import { authStateOptions, meOptions } from "../features/auth/hooks/use-session.js";
import { kanboardColumnsOptions } from "../features/kanboard/hooks/kanboard-queries.js";
import { useKanboardWarmUp } from "../features/kanboard/hooks/use-kanboard-warm-up.js";
import { isFrontEndPage } from "../features/site-settings/lib/front-end.js";
import { chunkPage, lazyPage } from "./lazy-page.js";
import { NotFoundPage } from "./not-found.js";

// Each page is its own chunk, fetched on first visit, so the sign-in screen does not carry the calendar,
// the editor or the charts. Modal routes keep the page under them in view while their chunk loads.
const AccountPage = lazyPage(() => import("./account.js"), "AccountPage");
const CalendarPage = lazyPage(() => import("./calendar.js"), "CalendarPage");
const CalendarSingleTaskPage = lazyPage(() => import("./calendar.js"), "CalendarSingleTaskPage", null);
const ProjectCalendarPage = lazyPage(() => import("./calendar.js"), "ProjectCalendarPage", null);
const DiscussionsPage = lazyPage(() => import("./discussions.js"), "DiscussionsPage");
const FilesHomePage = lazyPage(() => import("./files.js"), "FilesHomePage");
const FolderPage = lazyPage(() => import("./files.js"), "FolderPage");
const GanttPage = lazyPage(() => import("./gantt.js"), "GanttPage");
const GeneralSettingsPage = lazyPage(() => import("./general-settings.js"), "GeneralSettingsPage");
const IndividualDiscussionPage = lazyPage(() => import("./individual-discussion.js"), "IndividualDiscussionPage");
// Without a Suspense boundary: the board's first cards must show within a second (chunkPage says why).
const KanboardPage = chunkPage(() => import("./kanboard.js"), "KanboardPage");
const KanboardSingleTaskPage = lazyPage(() => import("./kanboard-task.js"), "KanboardSingleTaskPage", null);
const LicensePage = lazyPage(() => import("./license.js"), "LicensePage");
const LoginPage = lazyPage(() => import("./login.js"), "LoginPage", <LoadingScreen fullPage />);
const MilestonesPage = lazyPage(() => import("./milestones.js"), "MilestonesPage");
const ModuleListsPage = lazyPage(() => import("./module-lists.js"), "ModuleListsPage");
const MyTasksPage = lazyPage(() => import("./my-tasks.js"), "MyTasksPage");
const InboxPage = lazyPage(() => import("./inbox.js"), "InboxPage");
const InvoicesPage = lazyPage(() => import("./invoices.js"), "InvoicesPage");
const InvoiceSettingsPage = lazyPage(() => import("./invoices.js"), "InvoiceSettingsPage");
const PortalInvoicePage = lazyPage(() => import("./invoices.js"), "PortalInvoicePage");
const ProjectInvoicesPage = lazyPage(() => import("./invoices.js"), "ProjectInvoicesPage");
const NewInvoicePage = lazyPage(() => import("./invoices.js"), "NewInvoicePage");
const SingleInvoicePage = lazyPage(() => import("./invoices.js"), "SingleInvoicePage");
const EditInvoicePage = lazyPage(() => import("./invoices.js"), "EditInvoicePage");
const PersonalReportPage = lazyPage(() => import("./personal-report.js"), "PersonalReportPage");
const ProjectOverviewPage = lazyPage(() => import("./project-overview.js"), "ProjectOverviewPage");
const PageSettingsTabPage = lazyPage(() => import("./project-settings.js"), "PageSettingsTabPage");
const ProjectSettingsPage = lazyPage(() => import("./project-settings.js"), "ProjectSettingsPage");
const ProjectListsPage = lazyPage(() => import("./project-lists.js"), "ProjectListsPage");
const ProgressPage = lazyPage(() => import("./progress.js"), "ProgressPage");
const ReportsLandingPage = lazyPage(() => import("./reports.js"), "ReportsLandingPage");
const OverdueReportPage = lazyPage(() => import("./reports.js"), "OverdueReportPage");
const CompletedReportPage = lazyPage(() => import("./reports.js"), "CompletedReportPage");
const UnassignedReportPage = lazyPage(() => import("./reports.js"), "UnassignedReportPage");
const MilestoneReportPage = lazyPage(() => import("./reports.js"), "MilestoneReportPage");
const UserTaskReportPage = lazyPage(() => import("./reports.js"), "UserTaskReportPage");
const UserActivitiesReportPage = lazyPage(() => import("./reports.js"), "UserActivitiesReportPage");
const ProjectReportPage = lazyPage(() => import("./reports.js"), "ProjectReportPage");
const AdvanceReportPage = lazyPage(() => import("./reports.js"), "AdvanceReportPage");
const SetupPage = lazyPage(() => import("./setup.js"), "SetupPage", <LoadingScreen fullPage />);
const CompletedSprintsPage = lazyPage(() => import("./sprints.js"), "CompletedSprintsPage");
const SingleSprintPage = lazyPage(() => import("./sprints.js"), "SingleSprintPage");
const SprintsPage = lazyPage(() => import("./sprints.js"), "SprintsPage");
const StoreLinkPage = lazyPage(() => import("./store-link.js"), "StoreLinkPage");
const SetPasswordPage = lazyPage(() => import("./store-link.js"), "SetPasswordPage", <LoadingScreen fullPage />);
const SingleMilestonePage = lazyPage(() => import("./single-milestone.js"), "SingleMilestonePage");
const SingleFileItemPage = lazyPage(() => import("./single-file-item.js"), "SingleFileItemPage", null);
const SingleListPage = lazyPage(() => import("./single-list.js"), "SingleListPage");
const SingleTaskPage = lazyPage(() => import("./single-task.js"), "SingleTaskPage", null);
const TaskLinkPage = lazyPage(() => import("./task-link.js"), "TaskLinkPage", null);
const TaskListsPage = lazyPage(() => import("./task-lists.js"), "TaskListsPage");
const TaskListsArchivePage = lazyPage(() => import("./task-lists-archive.js"), "TaskListsArchivePage");
const TimesheetPage = lazyPage(() => import("./timesheet.js"), "TimesheetPage");
const UsersPage = lazyPage(() => import("./users.js"), "UsersPage");

/**
 * The pages of the admin area, by the documents' route names. A menu entry shows only when its route has
 * a page here, so the menu never leads nowhere.
 */
const ADMIN_PAGES: ReadonlyArray<{ name: RouteName; element: ReactElement; children?: ReadonlyArray<{ name: RouteName; element: ReactElement }> }> = [
  { name: "project_lists", element: <ProjectListsPage /> },
  { name: "my_tasks", element: <MyTasksPage /> },
  // My Tasks' second view: its own page at `/my-tasks/timesheet`, reached from the views' links on both.
  { name: "timesheet", element: <TimesheetPage /> },
  // The personal estimate report: My Tasks' child 'reports', for one user (`/my-tasks/:user_id/reports`).
  { name: "mytask-reports", element: <PersonalReportPage /> },
  { name: "inbox", element: <InboxPage /> },
  // The project calendar and the single-task modal are children, so the calendar keeps its view and date.
  {
    name: "calendar",
    element: <CalendarPage />,
    children: [
      { name: "project_calendar", element: <ProjectCalendarPage /> },
      { name: "calendar_single_task", element: <CalendarSingleTaskPage /> },
    ],
  },
  // Reports: the bare route opens the landing page; each report's pages are routes of their own names.
  { name: "reports", element: <Navigate to={ROUTES.reports_component} replace /> },
  { name: "reports_component", element: <ReportsLandingPage /> },
  { name: "overdue-tasks", element: <OverdueReportPage /> },
  { name: "overdue_pagination", element: <OverdueReportPage /> },
  { name: "completed-tasks", element: <CompletedReportPage /> },
  { name: "completed_pagination", element: <CompletedReportPage /> },
  { name: "report-user-activities", element: <UserActivitiesReportPage /> },
  { name: "user_activity_pagination", element: <UserActivitiesReportPage /> },
  { name: "project-tasks", element: <ProjectReportPage /> },
  { name: "project_task_pagination", element: <ProjectReportPage /> },
  { name: "milestone-tasks", element: <MilestoneReportPage /> },
  { name: "milestone_task_pagination", element: <MilestoneReportPage /> },
  { name: "unassigned-tasks", element: <UnassignedReportPage /> },
  { name: "unassigned_pagination", element: <UnassignedReportPage /> },
  { name: "advance-tasks", element: <AdvanceReportPage /> },
  { name: "advance_pagination", element: <AdvanceReportPage /> },
  { name: "report-user-task", element: <UserTaskReportPage /> },
  { name: "report_user_task_pagination", element: <UserTaskReportPage /> },
  // Progress: Load More moves to the next page's route, which shows every page up to it.
  { name: "progress", element: <ProgressPage /> },
  { name: "progress_pagination", element: <ProgressPage /> },
  // Sprints: the tab follows the route name, so Completed and its pages are routes of their own; the
  // static `completed` segment wins over `:sprint_id` whatever the order.
  { name: "sprints", element: <SprintsPage /> },
  { name: "completed_sprint", element: <CompletedSprintsPage /> },
  { name: "completed_sprint_pagination", element: <CompletedSprintsPage /> },
  { name: "single_sprint", element: <SingleSprintPage /> },
  // Invoices (Pro module `invoice`): the list (the client portal for non-managers), its settings, a portal invoice.
  { name: "invoices", element: <InvoicesPage /> },
  { name: "invoice_settings", element: <InvoiceSettingsPage /> },
  { name: "portal_invoice", element: <PortalInvoicePage /> },
  { name: "module_lists", element: <ModuleListsPage /> },
  { name: "users", element: <UsersPage /> },
  { name: "license", element: <LicensePage /> },
  { name: "general_settings", element: <GeneralSettingsPage /> },
  { name: "store_link", element: <StoreLinkPage /> },
  { name: "account", element: <AccountPage /> },
];

/**
 * The pages inside a project (routes under `/projects/:project_id`). They render inside ProjectLayout,
 * which shows the project's header and menu; the project menu lists only routes that have a page here.
 */
const PROJECT_PAGES: ReadonlyArray<{ name: RouteName; element: ReactElement; children?: ReadonlyArray<{ name: RouteName; element: ReactElement }> }> = [
  { name: "pm_overview", element: <ProjectOverviewPage /> },
  // The single-task modal is a child route, so it opens over its list page and closing returns there.
  { name: "task_lists", element: <TaskListsPage />, children: [{ name: "single_task", element: <SingleTaskPage /> }] },
  // The archive: its static `archived` segment wins over `single_list`'s `:list_id` whatever the order.
  { name: "task_lists_archive", element: <TaskListsArchivePage />, children: [{ name: "archived_single_task", element: <SingleTaskPage /> }] },
  { name: "task_lists_archive_pagination", element: <TaskListsArchivePage /> },
  { name: "single_list", element: <SingleListPage />, children: [{ name: "single_list_task", element: <SingleTaskPage /> }] },
  { name: "task_link", element: <TaskLinkPage /> },
  { name: "discussions", element: <DiscussionsPage /> },
  { name: "individual_discussions", element: <IndividualDiscussionPage /> },
  { name: "milestones", element: <MilestonesPage /> },
  { name: "single_milestone", element: <SingleMilestonePage />, children: [{ name: "single_milestone_task", element: <SingleTaskPage /> }] },
  { name: "pm_files", element: <FilesHomePage /> },
  // The Kanban board; its single-task modal is a child, so closing it returns to the board as it was.
  { name: "gantt", element: <GanttPage /> },
  // A project's invoices: the static `new` segment wins over `:invoice_id` whatever the order.
  { name: "invoice", element: <ProjectInvoicesPage /> },
  { name: "invoice_new", element: <NewInvoicePage /> },
  { name: "single_invoice", element: <SingleInvoicePage /> },
  { name: "invoice_edit", element: <EditInvoicePage /> },
  { name: "kanboard", element: <KanboardPage />, children: [{ name: "kanboard_single_task", element: <KanboardSingleTaskPage /> }] },
  // Folder 0 is the files home, so the single doc, file and link modals always open over a folder's list.
  {
    name: "pro_file_lists",
    element: <FolderPage />,
    children: [
      { name: "single_doc", element: <SingleFileItemPage /> },
      { name: "single_file", element: <SingleFileItemPage /> },
      { name: "single_link", element: <SingleFileItemPage /> },
    ],
  },
  // The Pages tab has its own route name, so it is a child shown inside the settings page's tabs.
  { name: "pm_pro_settings", element: <ProjectSettingsPage />, children: [{ name: "page_settings_tab", element: <PageSettingsTabPage /> }] },
];

const PROJECT_PREFIX = "/projects/:project_id/";

/** Work a page starts before it is drawn: the board's code and first reads, while its project loads. */
function WarmUps() {
  useKanboardWarmUp(KanboardPage.preload);
  return null;
}

/** Route names that have a page in this build. */
export const PAGE_NAMES: ReadonlySet<RouteName> = new Set([...ADMIN_PAGES, ...PROJECT_PAGES].map((page) => page.name));

const routes: RouteObject[] = [
  { path: ROUTES.setup, element: <SetupPage /> },
  { path: ROUTES.login, element: <LoginPage /> },
  { path: ROUTES.set_password, element: <SetPasswordPage /> },
  {
    path: "/",
    element: (
      <RequireSession>
        <WarmUps />
        {/* The front-end page (the front_end_page path) is the same app without admin chrome. */}
        {isFrontEndPage() ? <FrontEndLayout pages={PAGE_NAMES} /> : <AppLayout pages={PAGE_NAMES} />}
      </RequireSession>
    ),
    children: [
      ...ADMIN_PAGES.map((page) =>
        ROUTES[page.name] === "/"
          ? { index: true, element: page.element }
          : {
              path: ROUTES[page.name].slice(1),
              element: page.element,
              children: page.children?.map((child) => ({ path: ROUTES[child.name].slice(ROUTES[page.name].length + 1), element: child.element })),
            },
      ),
      {
        path: "projects/:project_id",
        element: <ProjectLayout pages={PAGE_NAMES} />,
        children: [
          { index: true, element: <Navigate to="overview" replace /> },
          ...PROJECT_PAGES.map((page) => ({
            path: ROUTES[page.name].slice(PROJECT_PREFIX.length),
            element: page.element,
            children: page.children?.map((child) => ({ path: ROUTES[child.name].slice(ROUTES[page.name].length + 1), element: child.element })),
          })),
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

/**
 * Hash-based routes, as the documents' links are. A tab opened on the app asks who is signed in before
 * anything is drawn, one opened on a project page asks for the project meanwhile, and one opened on the
 * board also fetches the board's code and first cards: each arrives while the frame is drawn, rather than
 * after the part before it (issue 16: the board's first cards under a second).
 */
export function createRouter(queryClient: QueryClient) {
  void queryClient.prefetchQuery(authStateOptions);
  void queryClient.prefetchQuery(meOptions);
  const hash = window.location.hash.slice(1);
  const projectId = Number(matchPath(`${PROJECT_PREFIX}*`, hash)?.params.project_id);
  if (Number.isInteger(projectId) && projectId > 0) {
    void queryClient.prefetchQuery(projectOptions(projectId));
    if (matchPath(`${ROUTES.kanboard}/*`, hash)) {
      void KanboardPage.preload();
      void queryClient.prefetchQuery(kanboardColumnsOptions(queryClient, projectId));
    }
  }
  return createHashRouter(routes);
}
