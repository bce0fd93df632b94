import { outboxModule } from "../events/outbox.module.js";
import { activitiesModule } from "./activities/activities.module.js";
import { authModule } from "./auth/auth.module.js";
import { calendarModule } from "./calendar/calendar.module.js";
import { commentsModule } from "./comments/comments.module.js";
import { customFieldsModule } from "./custom-fields/custom-fields.module.js";
import { departmentsModule } from "./departments/departments.module.js";
import { discussionsModule } from "./discussions/discussions.module.js";
import { duplicationModule } from "./duplication/duplication.module.js";
import { filesModule } from "./files/files.module.js";
import { ganttModule } from "./gantt/gantt.module.js";
import { healthModule } from "./health/health.module.js";
import { integrationsModule } from "./integrations/integrations.module.js";
import { invoiceModule } from "./invoice/invoice.module.js";
import { kanboardModule } from "./kanboard/kanboard.module.js";
import { labelsModule } from "./labels/labels.module.js";
import { licenseModule } from "./license/license.module.js";
import { mailModule } from "./mail/mail.module.js";
import { mailNotificationsModule } from "./mail-notifications/mail-notifications.module.js";
import { milestonesModule } from "./milestones/milestones.module.js";
import type { ModuleDefinition } from "./module.js";
import { moduleListsModule } from "./module-lists/module-lists.module.js";
import { moduleStatesModule } from "./module-states/module-states.module.js";
import { notificationsModule } from "./notifications/notifications.module.js";
import { pagesModule } from "./pages/pages.module.js";
import { personalReportModule } from "./personal-report/personal-report.module.js";
import { preferencesModule } from "./preferences/preferences.module.js";
import { projectSettingsModule } from "./project-settings/project-settings.module.js";
import { progressModule } from "./progress/progress.module.js";
import { projectsModule } from "./projects/projects.module.js";
import { reportsModule } from "./reports/reports.module.js";
import { searchModule } from "./search/search.module.js";
import { siteSettingsModule } from "./site-settings/site-settings.module.js";
import { sprintsModule } from "./sprints/sprints.module.js";
import { storeLinkModule } from "./store-link/store-link.module.js";
import { subTasksModule } from "./sub-tasks/sub-tasks.module.js";
import { taskListsModule } from "./task-lists/task-lists.module.js";
import { taskTypesModule } from "./task-types/task-types.module.js";
import { tasksModule } from "./tasks/tasks.module.js";
import { timeTrackerModule } from "./time-tracker/time-tracker.module.js";
import { trashModule } from "./trash/trash.module.js";
import { usersModule } from "./users/users.module.js";

/**
 * Every module of Plotline, one line each (see docs/adding-a-module.md). The order is the order services
 * are built in: a module comes after the modules whose services it uses.
 */
export const MODULES: readonly ModuleDefinition[] = [
  outboxModule,
  healthModule,
  moduleStatesModule,
  siteSettingsModule,
  mailModule,
  authModule,
  usersModule,
  preferencesModule,
  moduleListsModule,
  licenseModule,
  pagesModule,
  departmentsModule,
  projectsModule,
  trashModule,
  filesModule,
  taskTypesModule,
  taskListsModule,
  customFieldsModule,
  tasksModule,
  subTasksModule,
  timeTrackerModule,
  kanboardModule,
  ganttModule,
  sprintsModule,
  milestonesModule,
  discussionsModule,
  commentsModule,
  activitiesModule,
  progressModule,
  reportsModule,
  personalReportModule,
  projectSettingsModule,
  labelsModule,
  duplicationModule,
  calendarModule,
  searchModule,
  notificationsModule,
  integrationsModule,
  mailNotificationsModule,
  storeLinkModule,
  invoiceModule,
];
