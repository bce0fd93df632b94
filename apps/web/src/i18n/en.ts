import { MESSAGES } from "@plotline/contracts";
import { authEn } from "../features/auth/i18n/en.js";
import { usersEn } from "../features/users/i18n/en.js";
import { projectsEn } from "../features/projects/i18n/en.js";
import { milestonesEn } from "../features/milestones/i18n/en.js";
import { discussionsEn } from "../features/discussions/i18n/en.js";
import { commentsEn } from "../features/comments/i18n/en.js";
import { taskListsEn } from "../features/task-lists/i18n/en.js";
import { tasksEn } from "../features/tasks/i18n/en.js";
import { notificationsEn } from "../features/notifications/i18n/en.js";
import { filesEn } from "../features/files/i18n/en.js";
import type { moduleListsEn } from "../features/module-lists/i18n/en.js";
import { licenseEn } from "../features/license/i18n/en.js";
import { projectSettingsEn } from "../features/project-settings/i18n/en.js";
import { labelsEn } from "../features/labels/i18n/en.js";
import { siteSettingsEn } from "../features/site-settings/i18n/en.js";
import { departmentsEn } from "../features/departments/i18n/en.js";
import { duplicationEn } from "../features/duplication/i18n/en.js";
import { calendarEn } from "../features/calendar/i18n/en.js";
import { searchEn } from "../features/search/i18n/en.js";
import { colorSchemeEn } from "../features/color-scheme/i18n/en.js";
import { shortcutsEn } from "../features/shortcuts/i18n/en.js";
import { paletteEn } from "../features/command-palette/i18n/en.js";
import { preferencesEn } from "../features/preferences/i18n/en.js";
import { timeTrackerEn } from "../features/time-tracker/i18n/en.js";
import { subTasksEn } from "../features/sub-tasks/i18n/en.js";
import { customFieldsEn } from "../features/custom-fields/i18n/en.js";
import type { kanboardEn } from "../features/kanboard/i18n/en.js";
import type { ganttEn } from "../features/gantt/i18n/en.js";
import type { progressEn } from "../features/progress/i18n/en.js";
import type { reportsEn } from "../features/reports/i18n/en.js";
import type { personalReportEn } from "../features/personal-report/i18n/en.js";
import type { integrationsEn } from "../features/integrations/i18n/en.js";
import type { sprintsEn } from "../features/sprints/i18n/en.js";
import type { invoicesEn } from "../features/invoices/i18n/en.js";
import type { storeLinkEn } from "../features/store-link/i18n/en.js";

/** Strings no single feature owns: the app shell, menus, common actions and shared components. */
const sharedEn = {
  app: { name: "Plotline", tagline: "Projects, from the first task to the paid invoice." },
  menu: {
    projects: "Projects",
    my_tasks: "My Tasks",
    inbox: "Inbox",
    calendar: "Calendar",
    reports: "Reports",
    progress: "Progress",
    modules: "Modules",
    users: "Users",
    license: "License",
    general_settings: "Settings",
    store_link: "Store link",
    overview: "Overview",
    task_lists: "Task Lists",
    discussions: "Discussions",
    milestones: "Milestones",
    files: "Files",
    kanboard: "Kanboard",
    gantt: "Gantt",
    sprints: "Sprints",
    invoices: "Invoices",
    settings: "Settings",
    account: "Your account",
    sign_out: "Sign out",
    open_navigation: "Open navigation",
    main_navigation: "Main navigation",
    skip_to_content: "Skip to content",
  },
  common: {
    loading: "Loading…",
    clear: "Clear",
    retry: "Try again",
    confirm: "Confirm",
    cancel: "Cancel",
    close: "Close",
    ok: "OK",
    copy: "Copy",
    copied: "Copied",
    error_title: "Something went wrong",
    page_load_failed: "This page could not be loaded. Plotline may have been updated since you opened it; try again to load the new version.",
    not_found: "This page does not exist.",
    back_home: "Back to projects",
    previous: "Previous",
    next: "Next",
  },
  toasts: {
    repeated: "{{message}} ×{{count}}",
  },
  undo: {
    action: "Undo",
    undoing: "Undoing…",
    done: "Undone",
  },
  discard_guard: {
    title: "Discard your changes?",
    body: "What you typed in this form has not been saved and will be lost.",
    keep: "Keep editing",
    discard: "Discard",
  },
  not_available: {
    title: "Not available",
    body: "This item does not exist, or you may not see it. It may have been deleted, or your role in the project may not include it.",
    back_previous: "Go back",
    back_projects: "Back to projects",
  },
  /** Words of `lib/dates.ts`; the date format itself is the user's choice, not the language's. */
  dates: {
    time: "h:mm A",
    today: "Today",
    tomorrow: "Tomorrow",
    yesterday: "Yesterday",
    in_days_one: "In {{count}} day",
    in_days_other: "In {{count}} days",
    days_late_one: "{{count}} day late",
    days_late_other: "{{count}} days late",
    days_ago_one: "{{count}} day ago",
    days_ago_other: "{{count}} days ago",
    just_now: "Just now",
    minutes_ago_one: "{{count}} minute ago",
    minutes_ago_other: "{{count}} minutes ago",
    hours_ago_one: "{{count}} hour ago",
    hours_ago_other: "{{count}} hours ago",
  },
  editor: {
    font_size: "Font size",
    default_size: "Default",
    mention_list: "People to mention",
    mention_empty: "No one matches",
    label: "Rich text editor",
  },
} as const;

/**
 * The English catalogue: every string a user sees. Each feature owns its strings in
 * `features/<noun>/i18n/en.ts`; this merges them under their top-level keys. Other languages copy its keys.
 */
export const en = {
  ...sharedEn,
  /** What the server says (errors), by the key it sends beside its English: contracts' catalogue is the source. */
  server_messages: MESSAGES,
  ...authEn,
  ...usersEn,
  ...projectsEn,
  ...milestonesEn,
  ...discussionsEn,
  ...commentsEn,
  ...taskListsEn,
  ...tasksEn,
  ...notificationsEn,
  ...filesEn,
  ...licenseEn,
  ...projectSettingsEn,
  ...labelsEn,
  ...siteSettingsEn,
  ...departmentsEn,
  ...duplicationEn,
  ...calendarEn,
  ...searchEn,
  ...colorSchemeEn,
  ...shortcutsEn,
  ...paletteEn,
  ...preferencesEn,
  ...timeTrackerEn,
  ...subTasksEn,
  ...customFieldsEn,
} as const;

/**
 * Features whose strings are read only on their own lazily loaded pages: their chunk registers them
 * (`addCatalogue`), so the bundle every page loads does not carry them. Their keys are typed with the rest.
 */
export const CHUNK_CATALOGUES = ["module_lists", "kanboard", "gantt", "sprints", "integrations", "progress", "reports", "personal_report", "invoices", "store_link"] as const;

/** Every key a screen may read: the catalogue registered at start-up and the ones the chunks bring. */
export type Catalogue = typeof en & typeof moduleListsEn & typeof kanboardEn & typeof ganttEn & typeof sprintsEn & typeof integrationsEn & typeof progressEn & typeof reportsEn & typeof personalReportEn & typeof invoicesEn & typeof storeLinkEn;
