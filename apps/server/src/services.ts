import type { AppContext } from "./context.js";
import { activitiesService } from "./modules/activities/activities.service.js";
import { authService } from "./modules/auth/auth.service.js";
import { calendarService } from "./modules/calendar/calendar.service.js";
import { loginThrottle } from "./modules/auth/login-throttle.js";
import { commentsService } from "./modules/comments/comments.service.js";
import { departmentsService } from "./modules/departments/departments.service.js";
import { discussionsService } from "./modules/discussions/discussions.service.js";
import { duplicationService } from "./modules/duplication/duplication.service.js";
import { attachmentsService } from "./modules/files/attachments.service.js";
import { filesService } from "./modules/files/files.service.js";
import { labelsService } from "./modules/labels/labels.service.js";
import { licenseService } from "./modules/license/license.service.js";
import { milestonesService } from "./modules/milestones/milestones.service.js";
import { moduleListsService } from "./modules/module-lists/module-lists.service.js";
import { moduleStatesService } from "./modules/module-states/module-states.service.js";
import { pagesService } from "./modules/pages/pages.service.js";
import { projectSettingsService } from "./modules/project-settings/project-settings.service.js";
import { projectAccessService } from "./modules/projects/project-access.js";
import { projectsService } from "./modules/projects/projects.service.js";
import { searchService } from "./modules/search/search.service.js";
import { siteSettingsService } from "./modules/site-settings/site-settings.service.js";
import { taskListsService } from "./modules/task-lists/task-lists.service.js";
import { taskTypesService } from "./modules/task-types/task-types.service.js";
import { tasksService } from "./modules/tasks/tasks.service.js";
import { usersService } from "./modules/users/users.service.js";
import { memorySharedState, type SharedState } from "./shared/shared-state.js";
import { createStorage } from "./storage/storage.js";

/** Builds every service once per app. Routes reach them as `app.services.<noun>`. */
export function createServices(ctx: AppContext, shared: SharedState = memorySharedState()) {
  const access = projectAccessService(ctx.db);
  const siteSettings = siteSettingsService(ctx);
  const moduleStates = moduleStatesService(ctx, shared.notices);
  const fileStorage = createStorage(ctx.config);
  const attachments = attachmentsService(ctx, access, fileStorage);
  const projects = projectsService(ctx, access, siteSettings, attachments);
  const taskLists = taskListsService(ctx, access, attachments);
  return {
    auth: authService(ctx, loginThrottle(shared.failureCounter, { baseDelayMs: ctx.config.signInDelayMs })),
    users: usersService(ctx),
    moduleStates,
    moduleLists: moduleListsService(moduleStates),
    license: licenseService(ctx),
    siteSettings,
    pages: pagesService(ctx),
    departments: departmentsService(ctx),
    access,
    projects,
    taskTypes: taskTypesService(ctx),
    taskLists,
    tasks: tasksService(ctx, access, attachments),
    milestones: milestonesService(ctx, access),
    discussions: discussionsService(ctx, access, attachments),
    comments: commentsService(ctx, access, attachments),
    activities: activitiesService(ctx, access),
    projectSettings: projectSettingsService(ctx, access),
    labels: labelsService(ctx, access),
    attachments,
    files: filesService(ctx, access, fileStorage, attachments),
    duplication: duplicationService(ctx, { access, siteSettings, projects, taskLists }, fileStorage),
    calendar: calendarService(ctx, access),
    search: searchService(ctx, access, moduleStates),
  };
}

export type Services = ReturnType<typeof createServices>;
