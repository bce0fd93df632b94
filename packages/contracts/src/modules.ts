/**
 * The module registry's shared half: every module Plotline has, and where menu entries sit. The server
 * decides which modules answer and sends the menu entries of those that are on; the web app builds its
 * menus from them.
 */
import { z } from "zod";

/** Keys of the modules the modules list can switch on and off. */
export const PRO_MODULE_KEYS = [
  "files",
  "calendar",
  "reports",
  "progress",
  "invoice",
  "gantt",
  "kanboard",
  "sprint",
  "sub_tasks",
  "time_tracker",
  "integrations",
  "custom_fields",
  "store_link",
] as const;
export type ProModuleKey = (typeof PRO_MODULE_KEYS)[number];

/**
 * The Pro modules that are built, in the modules list's order. Only these are listed on the modules page
 * and can be switched: a module lists itself when it is built by adding its key here (one line).
 */
export const BUILT_PRO_MODULES = ["files", "calendar", "reports", "progress", "invoice", "gantt", "kanboard", "sprint", "sub_tasks", "time_tracker", "integrations", "custom_fields", "store_link"] as const satisfies readonly ProModuleKey[];
export type BuiltProModuleKey = (typeof BUILT_PRO_MODULES)[number];

/** Keys of every module, core ones included. */
export type ModuleKey = "core" | ProModuleKey;

/** Who sees a menu entry. */
export type MenuAudience = "everyone" | "site_manager" | "project_manager";

/** A menu entry a module adds, either in the site menu or in a project's menu. */
export interface MenuEntry {
  /** The module that owns the entry; the entry disappears when the module is off. */
  module: ModuleKey;
  /** Where the entry sits. */
  area: "site" | "project";
  /** i18n key of the label; the English catalogue holds the documents' wording. */
  label: string;
  /** Position: lower first. The documents fix Calendar 4, Reports 5, Progress 6, Modules 8, Settings 100. */
  order: number;
  /** Route name from ROUTES that the entry opens. */
  route: RouteName;
  /** Who sees the entry. */
  audience: MenuAudience;
}

/**
 * Where each menu entry sits: lower first. The documents fix Calendar 4, Reports 5, Progress 6, Modules 8
 * and a project's Settings 100. Each module declares its own entries (on the server, in its module entry)
 * with these positions; the server sends the entries of the modules that are on in `Me.menu`.
 */
export const MENU_ORDER = {
  projects: 1,
  my_tasks: 2,
  inbox: 3,
  calendar: 4,
  reports: 5,
  progress: 6,
  /** Sprints (Pro module `sprint`): after Progress, as the issue places it. */
  sprints: 7,
  module_lists: 8,
  /** Invoices (Pro module `invoice`): the site list for managers, the client portal for everyone else. */
  invoices: 9,
  users: 20,
  license: 30,
  general_settings: 40,
  /** The store link's page (Pro module `store_link`, site managers): right after Settings. */
  store_link: 41,
  overview: 1,
  task_lists: 2,
  discussions: 3,
  milestones: 4,
  files: 5,
  kanboard: 6,
  gantt: 7,
  /** A project's invoices (Pro module `invoice`, those who manage the project). */
  invoice: 8,
  settings: 100,
} as const;

/**
 * Route names of the web app and their hash paths, as the documents name them. Links are made by name:
 * `routePath("pm_overview", { project_id: 3 })`.
 */
export const ROUTES = {
  setup: "/setup",
  login: "/login",
  project_lists: "/",
  my_tasks: "/my-tasks",
  /** The signed-in user's weekly timesheet (a child of My Tasks); `?user_id=` opens a member's, for managers. */
  timesheet: "/my-tasks/timesheet",
  /** The personal estimate report (child 'reports' of My Tasks, Pro module `reports`): `?start_date=&end_date=` (YYYY-MM-DD). */
  "mytask-reports": "/my-tasks/:user_id/reports",
  /** The caller's Inbox: entries about tasks assigned to them, mentions, and the tasks they follow. */
  inbox: "/inbox",
  calendar: "/calendar",
  /** The single-task modal over the calendar; `list_id` may ride along as a query parameter. */
  calendar_single_task: "/calendar/projects/:project_id/tasks/:task_id",
  /** The calendar narrowed to one project (the same filters as `?project_id=`). */
  project_calendar: "/calendar/project/:project_id",
  /** Reports (Pro module `reports`, site managers): the bare route opens the landing page, `reports_component`. */
  reports: "/reports",
  /** The reports landing page (`sections`): a card per report. */
  reports_component: "/reports/sections",
  "overdue-tasks": "/reports/overdue-tasks",
  overdue_pagination: "/reports/overdue-tasks/pages/:current_page_number",
  "completed-tasks": "/reports/completed-tasks",
  completed_pagination: "/reports/completed-tasks/pages/:current_page_number",
  "report-user-activities": "/reports/user-activities",
  user_activity_pagination: "/reports/user-activities/pages/:current_page_number",
  /** The Project Report (All Task by Project). */
  "project-tasks": "/reports/project-tasks",
  project_task_pagination: "/reports/project-tasks/pages/:current_page_number",
  "milestone-tasks": "/reports/milestone-tasks",
  milestone_task_pagination: "/reports/milestone-tasks/pages/:current_page_number",
  "unassigned-tasks": "/reports/unassigned-tasks",
  unassigned_pagination: "/reports/unassigned-tasks/pages/:current_page_number",
  /** The Advanced Report: filter rows of assigned, project, status, payable and time. */
  "advance-tasks": "/reports/advance-tasks",
  advance_pagination: "/reports/advance-tasks/pages/:current_page_number",
  /** One co-worker's overdue tasks (the Overdue Task report's User Tasks), reached from a co-worker's name. */
  "report-user-task": "/reports/user-tasks/:user_id",
  report_user_task_pagination: "/reports/user-tasks/:user_id/pages/:current_page_number",
  /** The Progress feed (Pro module `progress`): every project's activity by day, site managers only. */
  progress: "/progress",
  /** The Progress feed opened at a later page (the first `current_page_number` pages loaded). */
  progress_pagination: "/progress/pages/:current_page_number",
  /** Sprints (Pro module `sprint`): the page with the Active and Planned tabs. */
  sprints: "/sprints",
  /** The Completed tab of the sprints page: the tab follows the route name, as Progress's does. */
  completed_sprint: "/sprints/completed",
  /** A further page of completed sprints. */
  completed_sprint_pagination: "/sprints/completed/pages/:current_page_number",
  /** One sprint: its goal, dates, burndown and tasks. */
  single_sprint: "/sprints/:sprint_id",
  /** Invoices (Pro module `invoice`): every invoice for site managers; anyone else's own (the client portal). */
  invoices: "/invoices",
  /** The invoice settings (organisation address, currency, gateways): site managers only. */
  invoice_settings: "/invoices/settings",
  /** One invoice in the client portal: its lines, payments, PDF and card payment; `?checkout=` after a provider. */
  portal_invoice: "/invoices/projects/:project_id/:invoice_id",
  module_lists: "/modules",
  users: "/users",
  license: "/license",
  /** Site-wide settings (task start date, logo, daily digest, pages, departments): site managers only. */
  general_settings: "/settings",
  /** The store link (Pro module `store_link`): the WooCommerce shop, product -> project links, recent orders; site managers only. */
  store_link: "/settings/store-link",
  /** Where a buyer whose account the store link made sets a first password (`?token=` from their mail); no sign-in. */
  set_password: "/set-password",
  account: "/account",
  pm_overview: "/projects/:project_id/overview",
  task_lists: "/projects/:project_id/task-lists",
  single_list: "/projects/:project_id/task-lists/:list_id",
  /** The project's archived task lists (status 0), each with its Restore action. */
  task_lists_archive: "/projects/:project_id/task-lists/archived",
  /** A further page of archived lists. */
  task_lists_archive_pagination: "/projects/:project_id/task-lists/archived/pages/:current_page_number",
  /** The single-task modal over the archive, so closing it returns there. */
  archived_single_task: "/projects/:project_id/task-lists/archived/tasks/:task_id",
  /** The single-task modal over the task lists page; `list_id`, when given, is ignored. */
  single_task: "/projects/:project_id/task-lists/tasks/:task_id",
  /** The single-task modal over the single-list page, so closing it returns to that list. */
  single_list_task: "/projects/:project_id/task-lists/:list_id/tasks/:task_id",
  /** The documents' link to a task from its attachments; it opens `single_task`. */
  task_link: "/projects/:project_id/task/:task_id",
  discussions: "/projects/:project_id/discussions",
  individual_discussions: "/projects/:project_id/discussions/:discussion_id",
  milestones: "/projects/:project_id/milestones",
  /** One milestone: its description, task lists with their tasks, progress and comments. */
  single_milestone: "/projects/:project_id/milestones/:milestone_id",
  /** The single-task modal over a milestone's page, so closing it returns there. */
  single_milestone_task: "/projects/:project_id/milestones/:milestone_id/tasks/:task_id",
  pm_files: "/projects/:project_id/files",
  /** A folder of the project's files; folder 0 is the files home, so single items at the top nest there. */
  pro_file_lists: "/projects/:project_id/files/:folder_id",
  /** The single doc, file and link modals, over the list of the folder that holds them. */
  single_doc: "/projects/:project_id/files/:folder_id/doc/:doc_id",
  single_file: "/projects/:project_id/files/:folder_id/files/:file_id",
  single_link: "/projects/:project_id/files/:folder_id/link/:link_id",
  /** The project's Kanban board (Pro module `kanboard`). */
  kanboard: "/projects/:project_id/kanboard",
  /** The single-task modal over the Kanban board, so closing it returns to the board. */
  kanboard_single_task: "/projects/:project_id/kanboard/tasks/:task_id",
  /** The project's Gantt chart (Pro module `gantt`). */
  gantt: "/projects/:project_id/gantt",
  /** A project's invoices (Pro module `invoice`: site and project managers; anyone else goes to `pm_overview`). */
  invoice: "/projects/:project_id/invoice",
  /** The editor of a new invoice of the project. */
  invoice_new: "/projects/:project_id/invoice/new",
  /** One invoice: its lines, totals, payments and actions (PDF, mail, record a payment, delete). */
  single_invoice: "/projects/:project_id/invoice/:invoice_id",
  /** The editor of an invoice. */
  invoice_edit: "/projects/:project_id/invoice/:invoice_id/edit",
  pm_pro_settings: "/projects/:project_id/settings",
  /** The Pages tab of project settings (front_end_page, a site-wide setting: site managers only). */
  page_settings_tab: "/projects/:project_id/settings/pages",
} as const;
export type RouteName = keyof typeof ROUTES;

/** Builds the path of a named route, filling its `:params`. Throws on a missing parameter. */
export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
  return ROUTES[name].replace(/:([a-z_]+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs the parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** A menu entry as `Me.menu` sends it. */
export const menuEntrySchema = z.object({
  module: z.enum(["core", ...PRO_MODULE_KEYS]),
  area: z.enum(["site", "project"]),
  label: z.string(),
  order: z.number().int(),
  route: z.enum(Object.keys(ROUTES) as [RouteName, ...RouteName[]]),
  audience: z.enum(["everyone", "site_manager", "project_manager"]),
});
